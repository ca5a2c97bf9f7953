import { Injectable } from '@nestjs/common';
import { ApiException } from '../common/errors/api-exception';
import { isUniqueViolation } from '../common/errors/sql-state';
import { newId } from '../common/ids';
import { Customer } from './customer.entity';
import { CustomersStore } from './customers.store';

@Injectable()
export class CustomersService {
  constructor(private readonly customers: CustomersStore) {}

  async create(name: string): Promise<Customer> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 100) {
      throw ApiException.validation([{ field: 'name', message: 'name must be 1-100 characters' }]);
    }
    try {
      return await this.customers.insert({ id: newId('customer'), name: trimmed });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw ApiException.conflict(`A customer named "${trimmed}" already exists`);
      }
      throw error;
    }
  }

  /** Live customers only: a test world is part of its customer, not a customer of its own. */
  list(): Promise<Customer[]> {
    return this.customers.listLive();
  }

  /** A live customer by name (its test world carries the same name, and is reached through it). */
  async getByName(name: string): Promise<Customer> {
    const customer = await this.customers.findLiveByName(name.trim());
    if (!customer) throw ApiException.notFound(`Customer "${name}"`);
    return customer;
  }
}
