import { Module } from '@nestjs/common';
import { DatabaseModule } from '../../database';
import { DashboardStore } from '../dashboard.store';
import { DashboardUsersService } from './dashboard-users.service';
import { PasswordHasher } from './password-hasher';

/**
 * Dashboard users and their passwords; shared by the dashboard and the operator CLI. It provides
 * the dashboard's one store (users, sessions, sign-in counts), which the dashboard module gets here.
 */
@Module({
  imports: [DatabaseModule],
  providers: [DashboardStore, PasswordHasher, DashboardUsersService],
  exports: [DashboardStore, DashboardUsersService],
})
export class DashboardUsersModule {}
