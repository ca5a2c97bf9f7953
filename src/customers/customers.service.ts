import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ApiException } from '../common/errors/api-exception';
import { isUniqueViolation } from '../common/errors/sql-state';
import { newId } from '../common/ids';
import { Customer } from './customer.entity';

@Injectable()
export class CustomersService {
  constructor(@InjectRepository(Customer) private readonly customers: Repository<Customer>) {}

  async create(name: string): Promise<Customer> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 100) {
      throw ApiException.validation([{ field: 'name', message: 'name must be 1-100 characters' }]);
    }
    try {
      return await this.customers.save(this.customers.create({ id: newId('customer'), name: trimmed }));
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw ApiException.conflict(`A customer named "${trimmed}" already exists`);
      }
      throw error;
    }
  }

  /** Live customers only: a test world is part of its customer, not a customer of its own. */
  list(): Promise<Customer[]> {
    return this.customers.find({ where: { mode: 'live' }, order: { createdAt: 'ASC' } });
  }

  /** A live customer by name (its test world carries the same name, and is reached through it). */
  async getByName(name: string): Promise<Customer> {
    const customer = await this.customers.findOneBy({ name: name.trim(), mode: 'live' });
    if (!customer) throw ApiException.notFound(`Customer "${name}"`);
    return customer;
  }
}
