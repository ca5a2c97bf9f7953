import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiException } from '../../common/errors/api-exception';
import { isUniqueViolation } from '../../common/errors/sql-state';
import { newId } from '../../common/ids';
import { DashboardStore } from '../dashboard.store';
import { PasswordHasher } from './password-hasher';

export interface DashboardUser {
  id: string;
  customerId: string;
  email: string;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = 12;
const MAX_PASSWORD_LENGTH = 1024;

/** People who sign in to the dashboard; each belongs to one customer and sees only its data. */
@Injectable()
export class DashboardUsersService implements OnModuleInit {
  /**
   * Verified against when the address is unknown, so an unknown address takes as long as a wrong
   * password. Made at start: made on the first unknown address, that answer would take a hash
   * longer than any other and tell the address apart.
   */
  private decoyHash = '';

  constructor(
    private readonly store: DashboardStore,
    private readonly hasher: PasswordHasher,
  ) {}

  async onModuleInit(): Promise<void> {
    this.decoyHash = await this.hasher.hash('decoy password, never matches');
  }

  async create(customerId: string, email: string, password: string): Promise<DashboardUser> {
    const address = normalizeEmail(email);
    const problems = [];
    if (!EMAIL_PATTERN.test(address) || address.length > 254)
      problems.push({ field: 'email', message: 'email must be an email address' });
    if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
      problems.push({
        field: 'password',
        message: `password must be ${MIN_PASSWORD_LENGTH}-${MAX_PASSWORD_LENGTH} characters`,
      });
    }
    if (problems.length) throw ApiException.validation(problems);
    const user = { id: newId('dashboardUser'), customerId, email: address };
    try {
      await this.store.insertUser({ ...user, passwordHash: await this.hasher.hash(password) });
    } catch (error) {
      if (isUniqueViolation(error)) throw ApiException.conflict(`A dashboard user ${address} already exists`);
      throw error;
    }
    return user;
  }

  /** The user with this address and password, or undefined (unknown address and wrong password alike). */
  async verify(email: string, password: string): Promise<DashboardUser | undefined> {
    const row = await this.store.findUserByEmail(normalizeEmail(email));
    if (!row) {
      await this.hasher.verify(this.decoyHash, password);
      return undefined;
    }
    if (!(await this.hasher.verify(row.passwordHash, password))) return undefined;
    return { id: row.id, customerId: row.customerId, email: row.email };
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
