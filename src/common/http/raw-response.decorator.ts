import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'rawResponse';

/** The handler's return value is sent as it is, without the `{ success, data }` envelope (health checks). */
export const RawResponse = (): MethodDecorator => SetMetadata(RAW_RESPONSE, true);
