import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth';
import { RawResponse } from '../common/http/raw-response.decorator';
import { replyWith, replyWithPage } from './outcome-reply';
import { signInPage } from './password-sign-in.page';
import { PasswordSignInService } from './password-sign-in.service';
import type { SignInOutcome, SignInSubmission } from './password-sign-in.service';

/**
 * `${PUBLIC_URL}/oauth/:network/sign-in`: the service's own sign-in page for a network whose users
 * sign in with an app password; auth-url sends the user here instead of to a network consent page.
 */
@ApiExcludeController()
@Controller('oauth')
export class PasswordSignInController {
  constructor(private readonly signIns: PasswordSignInService) {}

  @Get(':network/sign-in')
  @Public()
  @RawResponse()
  async page(
    @Param('network') network: string,
    @Query('state') state: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.signIns.page(network, state));
  }

  @Post(':network/sign-in')
  @HttpCode(200)
  @Public()
  @RawResponse()
  async submit(
    @Param('network') network: string,
    @Body() body: SignInSubmission | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    send(reply, await this.signIns.submit(network, body ?? {}));
  }
}

function send(reply: FastifyReply, outcome: SignInOutcome): void {
  if (outcome.kind === 'form') replyWithPage(reply, signInPage(outcome.form));
  else replyWith(reply, outcome);
}
