import { Test } from '@nestjs/testing';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { EmulatorModule } from './emulator.module';
import { EmulatorState } from './state/emulator-state';

describe('EmulatorModule', () => {
  it('mounts the emulator under /emulator on the app\'s Fastify instance when enabled', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [EmulatorModule.register({ enabled: true })] }).compile();
    const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    const response = await app.getHttpAdapter().getInstance().inject({ url: '/emulator/control/users' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0].id).toBe(app.get(EmulatorState).findUser()!.id);
    await app.close();
  });

  it('provides nothing when disabled', async () => {
    const moduleRef = await Test.createTestingModule({ imports: [EmulatorModule.register({ enabled: false })] }).compile();
    expect(() => moduleRef.get(EmulatorState)).toThrow();
  });
});
