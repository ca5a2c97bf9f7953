/** What other modules may use from customers/: everything else in the folder is its own. */
export { CustomerModes } from './customer-modes';
export { CUSTOMER_MODES } from './customer.entity';
export type { CustomerMode } from './customer.entity';
export { CustomersModule } from './customers.module';
export { CustomersService } from './customers.service';
export { CustomersStore } from './customers.store';
export { RedirectUrl } from './redirect-url.entity';
export { RedirectUrlsService } from './redirect-urls.service';
export { TestWorldsService } from './test-worlds.service';
