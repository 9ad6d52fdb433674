// The company the terms and privacy pages name: its name always, and its tax number, registered address and
// registry entry as the server is configured with them (LEGAL_* settings), to anyone who asks.
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

describe('the legal identity', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('names the company and leaves out what the server was not given', async () => {
    t = await createTestApp('sqlite');
    const res = await t.app.inject('/api/legal/identity');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Nocturna, S.L.', nif: null, address: null, registry: null });
  });

  it('gives every identifying datum the LEGAL_* settings hold', async () => {
    const legal = loadConfig({
      LEGAL_NAME: 'Noches de Madrid, S.L.',
      LEGAL_NIF: 'B12345678',
      LEGAL_ADDRESS: 'Calle de Atocha 125, 28012 Madrid',
      LEGAL_REGISTRY: 'Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3',
    }).legal;
    t = await createTestApp('sqlite', { legal });
    expect((await t.app.inject('/api/legal/identity')).json()).toEqual({
      name: 'Noches de Madrid, S.L.',
      nif: 'B12345678',
      address: 'Calle de Atocha 125, 28012 Madrid',
      registry: 'Registro Mercantil de Madrid, tomo 1, folio 2, hoja M-3',
    });
  });
});
