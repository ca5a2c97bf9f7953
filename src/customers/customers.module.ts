import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Customer } from './customer.entity';
import { CustomersService } from './customers.service';
import { RedirectUrl } from './redirect-url.entity';
import { RedirectUrlsService } from './redirect-urls.service';
import { TestWorldsService } from './test-worlds.service';

@Module({
  imports: [TypeOrmModule.forFeature([Customer, RedirectUrl])],
  providers: [CustomersService, RedirectUrlsService, TestWorldsService],
  exports: [CustomersService, RedirectUrlsService, TestWorldsService],
})
export class CustomersModule {}
