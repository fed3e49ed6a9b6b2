import { NextResponse } from 'next/server';
import { z } from 'zod';
import { defineRoute } from '@/lib/api/handler';
import { COUNTRY_COOKIE, COUNTRY_EXPIRES_IN_SECONDS, countryCode } from '@/lib/location/country';
import { currencyOfCountry } from '@/lib/location/currencies';

const body = z.object({
  code: countryCode,
  name: z.string().trim().min(1).max(100),
  expires_in: z.coerce.number().int().positive().max(COUNTRY_EXPIRES_IN_SECONDS).default(COUNTRY_EXPIRES_IN_SECONDS),
});

// POST /api/v3/location/set-country?world= — remembers the visitor's chosen country.
export const POST = defineRoute(
  { summary: "Remembers the visitor's chosen country (cookie, one year at most)", auth: 'anonymous', body },
  async ({ body, world }) => {
    const response = NextResponse.json({
      code: body.code,
      name: body.name,
      currencyCode: currencyOfCountry(body.code) ?? world.currency,
      expires_in: body.expires_in,
    });
    response.cookies.set(COUNTRY_COOKIE, body.code, {
      maxAge: body.expires_in,
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: process.env.NODE_ENV === 'production' && process.env.KREIDE_HTTPS === '1',
    });
    response.headers.set('Cache-Control', 'no-store');
    return response;
  },
);
