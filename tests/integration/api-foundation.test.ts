import { GET as health } from '@/app/api/health/route';
import { GET as filters } from '@/app/api/v1/filters/route';
import { GET as megaMenu } from '@/app/api/v3/mega-menu/get-subjects/route';
import { GET as getCountry } from '@/app/api/v3/location/get-country/route';
import { POST as setCountry } from '@/app/api/v3/location/set-country/route';
import { GET as unknownGet, POST as unknownPost } from '@/app/api/[...path]/route';
import { CLIENT_IP_HEADER } from '@/lib/security/client-ip';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { apiRequest } from './support/request';

let database: TestDatabase;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 250 });
});

afterAll(async () => {
  await database.stop();
});

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe(`API foundation on ${BACKEND}`, () => {
  it('GET /api/health answers 200 with the database checked', async () => {
    const { status, body } = await json(await health());
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', database: { ok: true } });
  });

  describe('GET v1/filters', () => {
    it('lists the four filters with real counts for the world', async () => {
      const { status, body } = await json(await filters(apiRequest('/api/v1/filters?world=it')));
      expect(status).toBe(200);
      expect(Object.keys(body.filters).sort()).toEqual(['class_grade', 'learning_years', 'material_type', 'subject']);
      expect(body.filters.subject).toHaveLength(14);
      const total = body.filters.subject.reduce((sum: number, s: { count: number }) => sum + s.count, 0);
      expect(total).toBe(50); // 250 materials over five worlds, one subject each
      expect(body.filters.class_grade[0]).toEqual({
        id: expect.any(Number),
        title: expect.any(String),
        count: expect.any(Number),
      });
    });

    it('defaults to de', async () => {
      const de = await json(await filters(apiRequest('/api/v1/filters')));
      const explicit = await json(await filters(apiRequest('/api/v1/filters?world=de')));
      expect(de.body).toEqual(explicit.body);
    });

    it('rejects an unknown world with 400 in the error shape', async () => {
      const { status, body } = await json(await filters(apiRequest('/api/v1/filters?world=xx')));
      expect(status).toBe(400);
      expect(body).toEqual({
        error: {
          code: 'validation_failed',
          message: expect.any(String),
          details: [{ path: 'world', message: expect.any(String), code: 'invalid' }],
        },
      });
    });
  });

  describe('GET v3/mega-menu/get-subjects', () => {
    it('answers school types with subjects and doc counts, titled in the world language', async () => {
      const { status, body } = await json(await megaMenu(apiRequest('/api/v3/mega-menu/get-subjects?world=fr')));
      expect(status).toBe(200);
      const primary = body.find((s: { type: string }) => s.type === 'grundschule');
      expect(primary.school_name).toMatch(/[Éé]cole|primaire/i);
      expect(primary.subjects.length).toBeGreaterThan(0);
      expect(primary.subjects[0]).toEqual({
        id: expect.any(Number),
        doc_count: expect.any(Number),
        material_category: expect.any(String),
        slug: expect.any(String),
      });
      expect(primary.grades.length).toBe(4);
    });

    it('rejects a bad world', async () => {
      expect((await megaMenu(apiRequest('/api/v3/mega-menu/get-subjects?world=de-DE'))).status).toBe(400);
    });
  });

  describe('location', () => {
    it('falls back to the country of the de world when nothing is known', async () => {
      const { status, body } = await json(await getCountry(apiRequest('/api/v3/location/get-country')));
      expect(status).toBe(200);
      expect(body).toEqual({ code: 'DE', currencyCode: 'EUR' });
    });

    it('finds the country of a public IP in the offline database', async () => {
      // 8.8.8.8 is registered in the United States.
      const { body } = await json(
        await getCountry(apiRequest('/api/v3/location/get-country', { headers: { [CLIENT_IP_HEADER]: '8.8.8.8' } })),
      );
      expect(body).toEqual({ code: 'US', currencyCode: 'USD' });
    });

    it('uses the trusted CDN header when one is configured', async () => {
      process.env.GEOIP_COUNTRY_HEADER = 'cf-ipcountry';
      (await import('@/lib/env')).resetEnvCache();
      try {
        const { body } = await json(
          await getCountry(
            apiRequest('/api/v3/location/get-country', {
              headers: { 'cf-ipcountry': 'MX', [CLIENT_IP_HEADER]: '8.8.8.8' },
            }),
          ),
        );
        expect(body).toEqual({ code: 'MX', currencyCode: 'MXN' });
      } finally {
        delete process.env.GEOIP_COUNTRY_HEADER;
        (await import('@/lib/env')).resetEnvCache();
      }
    });

    it('remembers a chosen country for one year and then answers with it', async () => {
      const response = await setCountry(
        apiRequest('/api/v3/location/set-country?world=es', {
          method: 'POST',
          body: { code: 'ar', name: 'Argentina', expires_in: 31536000 },
        }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        code: 'AR',
        name: 'Argentina',
        currencyCode: 'ARS',
        expires_in: 31536000,
      });
      const cookie = response.headers.get('set-cookie')!;
      expect(cookie).toMatch(/kreide_country=AR/);
      expect(cookie).toMatch(/Max-Age=31536000/);
      const { body } = await json(
        await getCountry(
          apiRequest('/api/v3/location/get-country', {
            headers: { cookie: 'kreide_country=AR', [CLIENT_IP_HEADER]: '8.8.8.8' },
          }),
        ),
      );
      expect(body).toEqual({ code: 'AR', currencyCode: 'ARS' });
    });

    it.each([
      [{ name: 'Nowhere' }, 'code'],
      [{ code: 'DEU', name: 'Germany' }, 'code'],
      [{ code: 'DE', name: '' }, 'name'],
      [{ code: 'DE', name: 'Germany', expires_in: -5 }, 'expires_in'],
    ])('rejects %j with 400 naming the field', async (payload, field) => {
      const { status, body } = await json(
        await setCountry(apiRequest('/api/v3/location/set-country', { method: 'POST', body: payload })),
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    });

    it('rejects a body that is not JSON', async () => {
      const { status, body } = await json(
        await setCountry(apiRequest('/api/v3/location/set-country', { method: 'POST', body: 'code=DE' })),
      );
      expect(status).toBe(400);
      expect(body.error.code).toBe('bad_request');
    });

    it('refuses a JSON body larger than 256 KB with 413, declared or streamed', async () => {
      const big = JSON.stringify({ code: 'DE', name: 'x'.repeat(300 * 1024) });
      const declared = await json(
        await setCountry(
          apiRequest('/api/v3/location/set-country', {
            method: 'POST',
            body: big,
            headers: { 'content-length': String(big.length) },
          }),
        ),
      );
      expect(declared.status).toBe(413);
      expect(declared.body.error.code).toBe('payload_too_large');
      const streamed = await json(
        await setCountry(apiRequest('/api/v3/location/set-country', { method: 'POST', body: big })),
      );
      expect(streamed.status).toBe(413);
    });

    it('answers errors in the world language', async () => {
      const { body } = await json(
        await setCountry(apiRequest('/api/v3/location/set-country?world=it', { method: 'POST', body: {} })),
      );
      expect(body.error.message).not.toBe('validation_failed');
      expect(body.error.message).not.toBe(
        (
          await json(
            await setCountry(apiRequest('/api/v3/location/set-country?world=de', { method: 'POST', body: {} })),
          )
        ).body.error.message,
      );
    });
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    for (const handler of [unknownGet, unknownPost]) {
      const { status, body } = await json(handler(apiRequest('/api/v9/nothing')));
      expect(status).toBe(404);
      expect(body.error).toMatchObject({ code: 'not_found', details: { path: '/api/v9/nothing' } });
    }
  });
});
