import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Customer } from './customer.entity';
import { CustomersService } from './customers.service';
import { NetworkApp } from './network-app.entity';
import { NetworkAppsService } from './network-apps.service';
import { RedirectUrl } from './redirect-url.entity';
import { RedirectUrlsService } from './redirect-urls.service';

@Module({
  imports: [TypeOrmModule.forFeature([Customer, RedirectUrl, NetworkApp])],
  providers: [CustomersService, RedirectUrlsService, NetworkAppsService],
  exports: [CustomersService, RedirectUrlsService, NetworkAppsService],
})
export class CustomersModule {}
