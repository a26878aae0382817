import { describe, expect, it } from 'vitest';
import { identityTarget, LOCAL_AUTH_EMULATOR, LOCAL_PROJECT_ID } from '../../api/cli/identity-target.ts';

describe('the identity service an operator command talks to', () => {
  it('is the local stack\u2019s Auth emulator when nothing is set outside production', () => {
    expect(identityTarget({})).toEqual({ projectId: LOCAL_PROJECT_ID, emulatorHost: LOCAL_AUTH_EMULATOR });
    expect(identityTarget({ NODE_ENV: 'development', FIREBASE_PROJECT_ID: '' })).toEqual({
      projectId: 'demo-kamas',
      emulatorHost: '127.0.0.1:9099',
    });
  });

  it('is the project and emulator named', () => {
    expect(identityTarget({ FIREBASE_PROJECT_ID: 'demo-kamas-test', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9199' })).toEqual({
      projectId: 'demo-kamas-test',
      emulatorHost: '127.0.0.1:9199',
    });
    expect(identityTarget({ FIREBASE_PROJECT_ID: 'kamas-live' })).toEqual({ projectId: 'kamas-live', emulatorHost: null });
  });

  it('refuses an emulator for a real project, any emulator in production, and production with nothing set', () => {
    expect(identityTarget({ FIREBASE_PROJECT_ID: 'kamas-live', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual({
      problem: expect.stringContaining('is not a demo- project'),
    });
    expect(identityTarget({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toEqual({
      problem: expect.stringContaining('must not be set in production'),
    });
    expect(identityTarget({ NODE_ENV: 'production' })).toEqual({ problem: expect.stringContaining('Set FIREBASE_PROJECT_ID') });
  });
});
