import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { AuthModule } from '../auth';
import { CommentsModule } from '../comments';
import { ClockModule } from '../common/clock/clock.module';
import { CustomersModule } from '../customers';
import { MediaModule } from '../media';
import { MetricsModule } from '../metrics';
import { NetworksModule } from '../networks';
import { PostsModule } from '../posts';
import { WebhooksModule } from '../webhooks';
import { DashboardHttp } from './http/dashboard-http';
import { AccountsPageController } from './pages/accounts.controller';
import { ApiKeysController } from './pages/api-keys.controller';
import { AssetsController } from './pages/assets.controller';
import { OAuthController } from './pages/oauth.controller';
import { OverviewController } from './pages/overview.controller';
import { PageContextFactory } from './pages/page-context';
import { PostCommentsPageController } from './pages/post-comments.controller';
import { PostsPageController } from './pages/posts.controller';
import { SignInController } from './pages/sign-in.controller';
import { UnknownPageController } from './pages/unknown-page.controller';
import { ViewingController } from './pages/viewing.controller';
import { WebhookController } from './pages/webhook.controller';
import { AccountsReader } from './readers/accounts.reader';
import { ChartsReader } from './readers/charts.reader';
import { OverviewReader } from './readers/overview.reader';
import { PostsReader } from './readers/posts.reader';
import { DashboardCookies } from './session/dashboard-cookies';
import { DashboardSessionGuard } from './session/dashboard-session.guard';
import { DashboardSessionsService } from './session/dashboard-sessions.service';
import { PurgeSignInFailures } from './session/purge-sign-in-failures.task';
import { SignInCsrf } from './session/sign-in-csrf';
import { SignInService } from './session/sign-in.service';
import { SignInThrottle } from './session/sign-in-throttle';
import { SignInAddressThrottle } from './session/sign-in-address-throttle';
import { DashboardUsersModule } from './users/dashboard-users.module';
import { QueueModule } from '../queue';

/**
 * The web dashboard at `/`: server-rendered pages over the same services as the API, scoped to the
 * signed-in user's customer. Sessions are cookies; API keys play no part here.
 */
@Module({
  imports: [
    QueueModule,
    DashboardUsersModule,
    CustomersModule,
    AuthModule,
    ClockModule,
    NetworksModule,
    AccountsModule,
    WebhooksModule,
    MediaModule,
    MetricsModule,
    CommentsModule,
    PostsModule,
  ],
  controllers: [
    SignInController,
    OverviewController,
    ApiKeysController,
    OAuthController,
    WebhookController,
    AccountsPageController,
    PostsPageController,
    PostCommentsPageController,
    AssetsController,
    ViewingController,
    // Last: its wildcard only takes what no other dashboard route answers.
    UnknownPageController,
  ],
  providers: [
    DashboardHttp,
    DashboardCookies,
    SignInCsrf,
    DashboardSessionsService,
    SignInThrottle,
    SignInAddressThrottle,
    PurgeSignInFailures,
    SignInService,
    DashboardSessionGuard,
    PageContextFactory,
    OverviewReader,
    ChartsReader,
    AccountsReader,
    PostsReader,
  ],
})
export class DashboardModule {}
