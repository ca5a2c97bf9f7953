import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DatabaseModule } from '../database';
import { Customer } from './customer.entity';
import { CustomerModes } from './customer-modes';
import { CustomersService } from './customers.service';
import { CustomersStore } from './customers.store';
import { RedirectUrl } from './redirect-url.entity';
import { RedirectUrlsService } from './redirect-urls.service';
import { TestWorldsService } from './test-worlds.service';

@Module({
  imports: [TypeOrmModule.forFeature([Customer, RedirectUrl]), DatabaseModule],
  providers: [CustomersStore, CustomersService, CustomerModes, RedirectUrlsService, TestWorldsService],
  exports: [CustomersStore, CustomersService, CustomerModes, RedirectUrlsService, TestWorldsService],
})
export class CustomersModule {}
