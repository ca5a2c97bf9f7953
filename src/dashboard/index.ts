/** What other modules may use from dashboard/: everything else in the folder is its own. */
export { DashboardUsersModule } from './users/dashboard-users.module';
export { DashboardUsersService } from './users/dashboard-users.service';
