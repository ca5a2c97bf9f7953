import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountsModule } from '../accounts';
import { ClockModule } from '../common/clock/clock.module';
import { CustomersModule } from '../customers';
import { DatabaseModule } from '../database';
import { NetworksModule } from '../networks';
import { WebhooksModule } from '../webhooks';
import { AuthUrlController } from './auth-url.controller';
import { ConnectAttempt } from './connect-attempt.entity';
import { ConnectAttemptsService } from './connect-attempts.service';
import { ConnectStore } from './connect.store';
import { ConnectCompletion } from './connect-completion';
import { OAuthCallbackController } from './oauth-callback.controller';
import { OAuthCallbackService } from './oauth-callback.service';
import { PasswordSignInController } from './password-sign-in.controller';
import { PasswordSignInService } from './password-sign-in.service';
import { PendingSession } from './pending-session.entity';
import { PublishedDocumentsController } from './published-documents.controller';
import { PendingSessionsController } from './pending-sessions.controller';
import { PendingSessionsService } from './pending-sessions.service';
import { PurgeExpiredConnectState } from './purge-expired-connect-state.task';
import { QueueModule } from '../queue';

/** The connect flow: auth-url, the networks' callback (or the service's sign-in page), pending sessions, finalize. */
@Module({
  imports: [
    QueueModule,
    TypeOrmModule.forFeature([ConnectAttempt, PendingSession]),
    DatabaseModule,
    AccountsModule,
    ClockModule,
    CustomersModule,
    NetworksModule,
    WebhooksModule,
  ],
  controllers: [
    AuthUrlController,
    OAuthCallbackController,
    PasswordSignInController,
    PendingSessionsController,
    PublishedDocumentsController,
  ],
  providers: [
    ConnectStore,
    ConnectAttemptsService,
    PendingSessionsService,
    ConnectCompletion,
    OAuthCallbackService,
    PasswordSignInService,
    PurgeExpiredConnectState,
  ],
  exports: [ConnectStore],
})
export class ConnectModule {}
