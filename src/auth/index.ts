/** What other modules may use from auth/: everything else in the folder is its own. */
export { ApiKey } from './api-key.entity';
export { ApiKeysService } from './api-keys.service';
export { AuthModule } from './auth.module';
export type { AuthenticatedCustomer } from './authenticated-customer';
export { CurrentCustomer } from './current-customer.decorator';
export { CustomerKeysService } from './customer-keys.service';
export type { KeyWithMode } from './customer-keys.service';
export { presentedKey } from './presented-key';
export { Public } from './public.decorator';
export { modeOfApiKey } from './api-key-format';
export { authenticateRequest, unauthorized } from './api-key.guard';
