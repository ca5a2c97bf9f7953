import { Module } from '@nestjs/common';
import { DashboardUsersService } from './dashboard-users.service';
import { PasswordHasher } from './password-hasher';

/** Dashboard users and their passwords; shared by the dashboard and the operator CLI. */
@Module({
  providers: [PasswordHasher, DashboardUsersService],
  exports: [DashboardUsersService],
})
export class DashboardUsersModule {}
