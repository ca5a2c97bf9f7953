import { Body, Controller, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedCustomer } from '../auth';
import { CurrentCustomer } from '../auth';
import { ApiException } from '../common/errors/api-exception';
import { ApiEnvelope, ApiErrors } from '../common/openapi/api-envelope.decorator';
import { APP_CONFIG } from '../config';
import type { AppConfig } from '../config';
import { RedirectUrlsService } from '../customers';
import { AppCredentialsResolver } from '../networks';
import { describeNetworkAliases, describeNetworkIds } from '../networks';
import { NetworkError, NetworkRegistry, safeNetworkMessage, UnknownNetworkError } from '../networks';
import { callbackUrlFor, signInUrlFor } from './callback-url';
import { ConnectAttemptsService } from './connect-attempts.service';
import { AuthUrlBody, AuthUrlView } from './dto/auth-url.body';

@ApiTags('Connect')
@ApiBearerAuth()
@Controller('social-networks')
export class AuthUrlController {
  constructor(
    private readonly networks: NetworkRegistry,
    private readonly redirectUrls: RedirectUrlsService,
    private readonly attempts: ConnectAttemptsService,
    private readonly apps: AppCredentialsResolver,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(':network/auth-url')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createAuthUrl',
    summary: 'Start connecting an account',
    description:
      "Returns the network consent URL to open in the user's browser. Afterwards the user comes back to redirect_uri with `session` and `network` " +
      'added to its query (or `error` and `error_description`, the names OAuth 2.0 gives them), and `clientState` (also as `client_state`, deprecated) when one was given. The state is single-use and lives 15 minutes.',
  })
  @ApiParam({
    name: 'network',
    example: 'facebook',
    description: `${describeNetworkIds()} (${describeNetworkAliases()})`,
  })
  @ApiEnvelope(AuthUrlView)
  @ApiErrors(400, 'redirect_uri_not_allowed', 401, 'unknown_network', 'network_not_configured', 'network_unavailable')
  async create(
    @CurrentCustomer() caller: AuthenticatedCustomer,
    @Param('network') networkName: string,
    @Body() body: AuthUrlBody,
  ): Promise<AuthUrlView> {
    const adapter = this.networks.find(networkName);
    if (!adapter)
      throw new ApiException(
        'unknown_network',
        new UnknownNetworkError(networkName, this.networks.ids).message,
        undefined,
        404,
      );
    // A test key needs no check here: its world's app (AppCredentialsResolver) always sends the
    // user to the service's own emulator, so a test world never holds a real network's token.
    if (!(await this.redirectUrls.isAllowed(caller.customerId, body.redirect_uri))) {
      throw new ApiException(
        'redirect_uri_not_allowed',
        'redirect_uri is not one of your allowed redirect URLs (scheme, host, port and path must match one exactly)',
        [{ field: 'redirect_uri', message: 'not an allowed redirect URL' }],
        400,
      );
    }
    const app = await this.apps.appFor(caller.customerId, adapter);
    const { state, codeChallenge, attemptSecret } = await this.attempts.start({
      customerId: caller.customerId,
      tenantId: body.tenant_id,
      network: adapter.id,
      redirectUri: body.redirect_uri,
      clientState: body.clientState ?? body.client_state ?? null,
    });
    const loginHint = body.loginHint ?? body.login_hint;
    const signInUrl = adapter.passwordSignIn ? signInUrlFor(this.config.publicUrl, adapter.id, state) : undefined;
    // A network with app passwords and no consent page set up: the user signs in on the service's own page.
    if (signInUrl !== undefined && !adapter.consentConfigured?.(app)) return { auth_url: signInUrl };
    // Getting the consent URL may be a call to the network (atproto OAuth's pushed request): a
    // failure there is the network's, answered as such (the attempt is left to expire unused).
    let authUrl: string;
    try {
      const start = await adapter.authorizeUrl({
        state,
        codeChallenge,
        callbackUrl: callbackUrlFor(this.config.publicUrl, adapter.id),
        app,
        attemptSecret,
        ...(loginHint === undefined ? {} : { loginHint }),
      });
      if (typeof start === 'string') authUrl = start;
      else {
        authUrl = start.url;
        if (start.keep !== undefined) await this.attempts.keepAdapterState(state, adapter.id, start.keep);
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      throw new ApiException(
        'network_unavailable',
        `${adapter.displayName} did not take the authorization request: ${safeNetworkMessage(error.message)}`,
      );
    }
    if (signInUrl === undefined) return { auth_url: authUrl };
    // password_sign_in_url: the old name, sent beside the new one for one more release.
    return { auth_url: authUrl, passwordSignInUrl: signInUrl, password_sign_in_url: signInUrl };
  }
}
