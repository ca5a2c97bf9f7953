import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Customer } from './customer.entity';
import { CustomerModes } from './customer-modes';
import { CustomersService } from './customers.service';
import { RedirectUrl } from './redirect-url.entity';
import { RedirectUrlsService } from './redirect-urls.service';
import { TestWorldsService } from './test-worlds.service';

@Module({
  imports: [TypeOrmModule.forFeature([Customer, RedirectUrl])],
  providers: [CustomersService, CustomerModes, RedirectUrlsService, TestWorldsService],
  exports: [CustomersService, CustomerModes, RedirectUrlsService, TestWorldsService],
})
export class CustomersModule {}
