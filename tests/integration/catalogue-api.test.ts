import { GET as search } from '@/app/api/v3/search/route';
import { GET as suggest } from '@/app/api/v3/search/suggest/route';
import { POST as userDetailsQuery } from '@/app/api/v3/user-details/query/route';
import { AUTHOR_PERSONAL_FIELDS } from '@/lib/catalog/author-view';
import { DEMO_ACCOUNTS } from '@/lib/seed/seed';
import { getDb } from '@/lib/db/client';
import { sql } from 'drizzle-orm';
import { BACKEND, startTestDatabase, type TestDatabase } from './support/test-database';
import { PRIVATE_PROFILE_FIELDS } from './support/private-profile';
import { apiRequest } from './support/request';
import { signInSession } from './support/session';

let database: TestDatabase;
let sellerId: number;

beforeAll(async () => {
  database = await startTestDatabase({ seedMaterials: 1000 });
  const result = await getDb().execute<{ id: number }>(sql`SELECT id FROM users WHERE email = ${DEMO_ACCOUNTS.seller}`);
  sellerId = result.rows[0]!.id;
});
afterAll(() => database.stop());

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe(`catalogue API on ${BACKEND}`, () => {
  describe('POST v3/user-details/query', () => {
    it('answers the author profile by user id and world', async () => {
      const { status, body } = await json(
        await userDetailsQuery(
          apiRequest('/api/v3/user-details/query', {
            method: 'POST',
            body: { author: { userId: sellerId, world: 'de' } },
          }),
        ),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: sellerId,
        slug: 'frau-demo',
        isSeller: true,
        followersNumber: expect.any(Number),
        followingNumber: expect.any(Number),
      });
      expect(Object.keys(body.details).sort()).toEqual([
        'description',
        'facebookProfile',
        'imagePath',
        'instagramProfile',
        'pinterestProfile',
        'privateProfile',
        'profileBackgroundData',
        'profileBackgroundPath',
        'publicName',
        'subtitle',
        'teachableCertified',
        'totalMaterials',
      ]);
      expect(body.details.totalMaterials).toBeGreaterThan(0);
    });

    it('returns only the fields asked for', async () => {
      const { body } = await json(
        await userDetailsQuery(
          apiRequest('/api/v3/user-details/query?world=de', {
            method: 'POST',
            body: { author: { userId: sellerId }, fields: ['id', 'details.publicName'] },
          }),
        ),
      );
      expect(body).toEqual({ id: sellerId, details: { publicName: 'Frau Demo' } });
    });

    it('answers 404 in the error shape for an author of another world or no author', async () => {
      for (const payload of [{ author: { userId: sellerId, world: 'it' } }, { author: { userId: 999_999 } }]) {
        const { status, body } = await json(
          await userDetailsQuery(apiRequest('/api/v3/user-details/query', { method: 'POST', body: payload })),
        );
        expect(status).toBe(404);
        expect(body.error.code).toBe('not_found');
      }
    });

    describe('for a private profile', () => {
      const PERSONAL = PRIVATE_PROFILE_FIELDS;
      let privateId: number;
      let member: Record<string, string>;

      beforeAll(async () => {
        const authors = await getDb().execute<{ id: number }>(sql`
          SELECT u.id FROM users u WHERE u.is_seller AND u.world = 'de' AND u.id <> ${sellerId}
            AND EXISTS (SELECT 1 FROM materials m WHERE m.author_id = u.id AND m.is_active AND m.deleted_at IS NULL)
          ORDER BY u.id LIMIT 1`);
        privateId = authors.rows[0]!.id;
        await getDb().execute(sql`
          UPDATE author_profiles SET private_profile = true, subtitle = ${PERSONAL.subtitle}, description = ${PERSONAL.description},
            facebook_profile = ${PERSONAL.facebookProfile}, instagram_profile = ${PERSONAL.instagramProfile}, pinterest_profile = ${PERSONAL.pinterestProfile},
            profile_background_path = ${PERSONAL.profileBackgroundPath}, profile_background_data = ${JSON.stringify(PERSONAL.profileBackgroundData)}::jsonb
          WHERE user_id = ${privateId}`);
        const app = await signInSession(DEMO_ACCOUNTS.buyer, { client: 'app' });
        member = { authorization: `Bearer ${app.accessToken}` };
      });

      const query = async (body: unknown, headers?: Record<string, string>) => {
        const response = await userDetailsQuery(
          apiRequest('/api/v3/user-details/query?world=de', { method: 'POST', body, headers }),
        );
        return { status: response.status, text: await response.text() };
      };

      function expectNothingPersonal(text: string) {
        for (const value of [
          PERSONAL.subtitle,
          'Beispielstraße',
          PERSONAL.facebookProfile,
          PERSONAL.instagramProfile,
          PERSONAL.pinterestProfile,
          'privatbackgr',
        ]) {
          expect(text).not.toContain(value);
        }
      }

      it.each([
        ['an anonymous caller', false],
        ['another signed-in member', true],
      ])('answers %s the public view: name, picture, badge and counts, no personal field', async (_, signedIn) => {
        const { status, text } = await query({ author: { userId: privateId } }, signedIn ? member : undefined);
        expect(status).toBe(200);
        expectNothingPersonal(text);
        const body = JSON.parse(text);
        expect(body).toMatchObject({
          id: privateId,
          isSeller: true,
          followersNumber: expect.any(Number),
          followingNumber: expect.any(Number),
        });
        expect(Object.keys(body.details).sort()).toEqual([
          'imagePath',
          'privateProfile',
          'publicName',
          'teachableCertified',
          'totalMaterials',
        ]);
        expect(body.details).toMatchObject({ privateProfile: true, totalMaterials: expect.any(Number) });
        expect(body.details.totalMaterials).toBeGreaterThan(0);
      });

      it.each([
        ['an anonymous caller', false],
        ['another signed-in member', true],
      ])('leaves the personal fields out for %s even when they are asked for by name', async (_, signedIn) => {
        const fields = ['id', 'details.privateProfile', ...AUTHOR_PERSONAL_FIELDS.map((f) => `details.${f}`)];
        const { status, text } = await query({ author: { userId: privateId }, fields }, signedIn ? member : undefined);
        expect(status).toBe(200);
        expectNothingPersonal(text);
        expect(JSON.parse(text)).toEqual({ id: privateId, details: { privateProfile: true } });
      });

      it('shows them again once the profile is public', async () => {
        await getDb().execute(sql`UPDATE author_profiles SET private_profile = false WHERE user_id = ${privateId}`);
        try {
          const { text } = await query({
            author: { userId: privateId },
            fields: ['details.subtitle', 'details.instagramProfile'],
          });
          expect(JSON.parse(text)).toEqual({
            details: { subtitle: PERSONAL.subtitle, instagramProfile: PERSONAL.instagramProfile },
          });
        } finally {
          await getDb().execute(sql`UPDATE author_profiles SET private_profile = true WHERE user_id = ${privateId}`);
        }
      });
    });

    it.each([
      [{}, 'author'],
      [{ author: { userId: 'abc' } }, 'author.userId'],
      [{ author: { userId: 2, world: 'xx' } }, 'author.world'],
      [{ author: { userId: 2 }, fields: ['password'] }, 'fields.0'],
    ])('rejects %j with 400', async (payload, field) => {
      const { status, body } = await json(
        await userDetailsQuery(apiRequest('/api/v3/user-details/query', { method: 'POST', body: payload })),
      );
      expect(status).toBe(400);
      expect(body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    });
  });

  describe('GET v3/search', () => {
    it('finds other word forms (stemming) and ignores accents', async () => {
      const forms = await json(await search(apiRequest('/api/v3/search?world=de&q=Br%C3%BCchen')));
      expect(forms.status).toBe(200);
      expect(forms.body.total).toBeGreaterThan(0);
      expect(forms.body.items.some((m: { title: string }) => /Brüche/.test(m.title))).toBe(true);
      const plain = await json(await search(apiRequest('/api/v3/search?world=de&q=Bruche')));
      expect(plain.body.total).toBe(forms.body.total);
    });

    it('still finds a word with a one-letter typo and says what it searched for', async () => {
      const { body } = await json(await search(apiRequest('/api/v3/search?world=de&q=Bruchrechnug')));
      expect(body.total).toBeGreaterThan(0);
      expect(body.correctedQuery).toBe('Bruchrechnung');
    });

    it('narrows with filters, counts each filter value, sorts and pages', async () => {
      const all = await json(await search(apiRequest('/api/v3/search?world=it')));
      expect(all.body.total).toBe(200);
      const subject = all.body.facets.subject[0];
      const narrowed = await json(
        await search(apiRequest(`/api/v3/search?world=it&subject=${subject.id}&price=paid&sort=price_asc`)),
      );
      expect(narrowed.body.total).toBeLessThan(subject.count + 1);
      expect(narrowed.body.total).toBe(narrowed.body.facets.price.paid);
      const prices = narrowed.body.items.map(
        (m: { priceCents: number; salePriceCents: number | null }) => m.salePriceCents ?? m.priceCents,
      );
      expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
      const page2 = await json(await search(apiRequest('/api/v3/search?world=it&page=2')));
      expect(page2.body.page).toBe(2);
      expect(page2.body.items[0].id).not.toBe(all.body.items[0].id);
    });

    it('lists one author’s materials', async () => {
      const { body } = await json(await search(apiRequest(`/api/v3/search?world=de&author=${sellerId}&sort=newest`)));
      expect(body.total).toBeGreaterThan(0);
      body.items.forEach((m: { authorName: string }) => expect(m.authorName).toBe('Frau Demo'));
    });

    it('finds nothing for nonsense and offers no false suggestion', async () => {
      const { body } = await json(await search(apiRequest('/api/v3/search?world=fr&q=zzqxj')));
      expect(body.total).toBe(0);
      expect(body.items).toEqual([]);
    });

    it.each([
      'page=0',
      'page=abc',
      'subject=-1',
      'price=cheap',
      'sort=random',
      'price_min=5&price_max=1',
      'school_type=uni',
    ])('rejects %s with 400', async (query) => {
      const { status, body } = await json(await search(apiRequest(`/api/v3/search?world=de&${query}`)));
      expect(status).toBe(400);
      expect(body.error.code).toBe('validation_failed');
    });
  });

  describe('GET v3/search/suggest', () => {
    it('suggests materials by title prefix, authors and subjects', async () => {
      const { status, body } = await json(await suggest(apiRequest('/api/v3/search/suggest?world=de&q=Mathe')));
      expect(status).toBe(200);
      expect(body.subjects[0]).toMatchObject({
        title: 'Mathematik',
        path: expect.stringMatching(/^\/de\/suchergebnisse\?subject=\d+$/),
      });
      const authors = await json(await suggest(apiRequest('/api/v3/search/suggest?world=de&q=Frau%20De')));
      expect(authors.body.authors[0]).toMatchObject({
        name: 'Frau Demo',
        path: expect.stringMatching(/^\/de\/autor\/\d+\/frau-demo$/),
      });
      const materials = await json(await suggest(apiRequest('/api/v3/search/suggest?world=it&q=frazi')));
      expect(materials.body.materials.length).toBeGreaterThan(0);
      materials.body.materials.forEach((m: { title: string; path: string }) => {
        expect(m.title.toLowerCase()).toContain('frazi');
        expect(m.path).toMatch(/^\/it\/materiale\/\d+\//);
      });
    });

    it.each(['', 'q=a', `q=${'x'.repeat(101)}`])('rejects %s with 400', async (query) => {
      const { status, body } = await json(await suggest(apiRequest(`/api/v3/search/suggest?world=de&${query}`)));
      expect(status).toBe(400);
      expect(body.error.details[0].path).toBe('q');
    });
  });
});
