import path from 'node:path';
import * as tsParser from '@typescript-eslint/parser';
import { RuleTester } from 'eslint';
import rule from './no-server-imports-in-client.mjs';

const root = process.cwd();
const tester = new RuleTester({ languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' } });

const options = [{ root }];
const component = path.join(root, 'components/example/example.tsx');
const libModule = path.join(root, 'lib/api/example.ts');

const client = (code: string, filename = component) => ({ code: `'use client';\n${code}`, filename, options });
const invalid = (code: string, filename = component) => ({
  ...client(code, filename),
  errors: [{ messageId: 'serverImport' as const }],
});

tester.run('no-server-imports-in-client', rule, {
  valid: [
    // Server components and server modules import what they like.
    { code: "import { getDb } from '@/lib/db/client';", filename: component, options },
    { code: "import fs from 'node:fs';\n'use client';", filename: component, options },
    { code: "import 'server-only';\nimport argon2 from 'argon2';", filename: libModule, options },
    // Types are erased: a client file may name a server module's types.
    client("import type { Session } from '@/lib/accounts/session';"),
    client("import { type Session, type SessionUser } from '@/lib/accounts/session';"),
    client("export type { ActualTerms } from '@/lib/accounts/terms';"),
    client("export { type ActualTerms } from '@/lib/accounts/terms';"),
    client("export type * from '@/lib/db/schema';"),
    // Client-safe modules, packages and look-alike names.
    client("import { getApiClient } from '@/lib/browser-session/browser';"),
    client("import { LOGGED_IN_KEY } from '@/lib/browser-session/storage';"),
    client("import { mediaUrl } from '@/lib/routing/media-url';"),
    client("import { envelope } from '@/lib/environment';"),
    client("import { z } from 'zod';\nimport useSWR from 'swr';\nimport { HTTPError } from 'ky';"),
    client("import { x } from './dbx';", path.join(root, 'lib/x.ts')),
    client("const m = await import('./lazy-panel');"),
    // Directives after the prologue are plain expressions.
    { code: "import { getDb } from '@/lib/db/client';\n'use client';", filename: component, options },
    { code: "'use strict';\n'use server';\nimport { getDb } from '@/lib/db/client';", filename: component, options },
  ],
  invalid: [
    invalid("import { getDb } from '@/lib/db/client';"),
    invalid("import * as schema from '@/lib/db/schema';"),
    invalid("import { readSession, type Session } from '@/lib/accounts/session';"),
    invalid("import { sendAccountMail } from '@/lib/mail/account-mails';"),
    invalid("import { getStorage } from '@/lib/storage/storage';"),
    invalid("import { enqueue } from '@/lib/jobs/enqueue';"),
    invalid("import { cacheTag } from '@/lib/cache';"),
    invalid("import { hit } from '@/lib/security/rate-limit';"),
    invalid("import { getEnv } from '@/lib/env';"),
    invalid("import { getEnv } from '../../lib/env';"),
    invalid("import { getDb } from '../db/client';", libModule),
    invalid("import { getDb } from '../db';", libModule),
    invalid("import 'server-only';"),
    invalid("import fs from 'node:fs';"),
    invalid("import fs from 'fs/promises';"),
    invalid("import { createHash } from 'crypto';"),
    invalid("import { Pool } from 'pg';"),
    invalid("import argon2 from 'argon2';"),
    invalid("import { getIronSession } from 'iron-session';"),
    invalid("import sharp from 'sharp';"),
    invalid("import { cookies } from 'next/headers';"),
    invalid("import { eq } from 'drizzle-orm';"),
    invalid("export { getDb } from '@/lib/db/client';"),
    invalid("export * from '@/lib/accounts/accounts';"),
    invalid("const mail = await import('@/lib/mail/mailer');"),
    invalid('const mail = await import(`@/lib/mail/mailer`);'),
    invalid("const pg = require('pg');"),
    invalid("import pg = require('pg');"),
    // The directive may follow another one and comments.
    {
      code: "// A form.\n'use strict';\n'use client';\nimport { getDb } from '@/lib/db/client';",
      filename: component,
      options,
      errors: [{ messageId: 'serverImport' as const }],
    },
    // Double quotes and .js files count too.
    {
      code: '"use client";\nimport { getDb } from "@/lib/db/client";',
      filename: path.join(root, 'lib/api/example.js'),
      options,
      errors: [{ messageId: 'serverImport' as const }],
    },
  ],
});
