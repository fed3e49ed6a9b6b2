import 'server-only';
import geoip from 'geoip-lite';
import { z } from 'zod';
import { getWorld, type World } from '@/lib/worlds/worlds';
import { currencyOfCountry } from './currencies';

/** Cookie with the visitor's chosen country (`v3/location/set-country`). */
export const COUNTRY_COOKIE = 'kreide_country';
/** A set country expires after one year. */
export const COUNTRY_EXPIRES_IN_SECONDS = 365 * 24 * 60 * 60;

export const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'Two-letter ISO 3166-1 country code')
  .transform((c) => c.toUpperCase());

export interface CountrySources {
  /** The visitor's own choice, from the country cookie. */
  chosen?: string | null;
  /** Value of the trusted CDN header, when one is configured. */
  cdnHeader?: string | null;
  /** The client IP as the server saw it. */
  ip?: string | null;
}

export interface CountryAnswer {
  code: string;
  currencyCode: string;
  source: 'choice' | 'cdn' | 'ip' | 'fallback';
}

function valid(code: string | null | undefined): string | undefined {
  const parsed = countryCode.safeParse(code);
  // 'XX' and 'T1' are what CDNs send for unknown and Tor visitors.
  return parsed.success && parsed.data !== 'XX' ? parsed.data : undefined;
}

function lookupIp(ip: string | null | undefined): string | undefined {
  if (!ip) return undefined;
  try {
    return valid(geoip.lookup(ip.replace(/^::ffff:/, ''))?.country);
  } catch {
    return undefined;
  }
}

/**
 * The visitor's country: their own choice first (they set it on purpose), then a trusted CDN
 * header, then the offline IP database; when all fail, the country of the de world.
 */
export function resolveCountry(sources: CountrySources, world: World = getWorld('de')): CountryAnswer {
  const fallbackWorld = getWorld('de');
  const found: [string | undefined, CountryAnswer['source']][] = [
    [valid(sources.chosen), 'choice'],
    [valid(sources.cdnHeader), 'cdn'],
    [lookupIp(sources.ip), 'ip'],
  ];
  for (const [code, source] of found) {
    if (code) return { code, currencyCode: currencyOfCountry(code) ?? world.currency, source };
  }
  return { code: fallbackWorld.country, currencyCode: fallbackWorld.currency, source: 'fallback' };
}
