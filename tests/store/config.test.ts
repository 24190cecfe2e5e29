import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../src/config.ts';

describe('src/config.ts: environment read once, validated', () => {
  it('uses table nardy and the AWS default chain in eu-central-1 when nothing is set', () => {
    expect(readConfig({})).toEqual({ tableName: 'nardy', dynamodb: { region: 'eu-central-1' } });
  });

  it('reads TABLE_NAME, DYNAMODB_ENDPOINT and AWS_REGION, with dummy credentials for a local endpoint', () => {
    const config = readConfig({
      TABLE_NAME: 'nardy-dev',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:4567',
      AWS_REGION: 'us-east-1',
    });
    expect(config).toEqual({
      tableName: 'nardy-dev',
      dynamodb: {
        region: 'us-east-1',
        endpoint: 'http://127.0.0.1:4567',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      },
    });
  });

  it('leaves credentials to the default chain when AWS_ACCESS_KEY_ID is set', () => {
    const config = readConfig({ DYNAMODB_ENDPOINT: 'https://dynamodb.example', AWS_ACCESS_KEY_ID: 'AKIA' });
    expect(config.dynamodb.credentials).toBeUndefined();
  });

  it('reads BUTTON_TOKEN_KEY, the key button tokens are signed with, and never shows a bad one', () => {
    const key = 'k'.repeat(40);
    expect(readConfig({ BUTTON_TOKEN_KEY: key }).buttonTokenKey).toBe(key);
    expect(readConfig({}).buttonTokenKey).toBeUndefined();
    expect(() => readConfig({ BUTTON_TOKEN_KEY: 'short-secret' })).toThrow(ConfigError);
    expect(() => readConfig({ BUTTON_TOKEN_KEY: 'short-secret' })).toThrow(/BUTTON_TOKEN_KEY \(12 characters, not shown\)/);
  });

  it('reads SWEEP_EVERY_SECONDS for npm start', () => {
    expect(readConfig({ SWEEP_EVERY_SECONDS: '5' }).sweepEverySeconds).toBe(5);
    expect(readConfig({ SWEEP_EVERY_SECONDS: '0' }).sweepEverySeconds).toBe(0);
  });

  it('treats an empty variable as unset', () => {
    expect(readConfig({ TABLE_NAME: '', DYNAMODB_ENDPOINT: '' })).toEqual(readConfig({}));
  });

  it.each([
    ['DYNAMODB_ENDPOINT', 'localhost:8000'],
    ['DYNAMODB_ENDPOINT', 'ftp://127.0.0.1'],
    ['TABLE_NAME', 'no spaces allowed'],
    ['TABLE_NAME', 'ab'],
    ['AWS_REGION', 'Frankfurt'],
    ['SWEEP_EVERY_SECONDS', '-5'],
  ])('fails naming %s when it is %j', (name, value) => {
    expect(() => readConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => readConfig({ [name]: value })).toThrow(new RegExp(`^${name}=`));
  });
});
