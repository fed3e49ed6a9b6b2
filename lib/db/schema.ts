/**
 * The database schema (Drizzle, PostgreSQL dialect) for the entities that pages need
 * now. Money is integer minor units plus a currency code; time is `timestamptz` in UTC.
 * Generated migrations live in `drizzle/`; never edit a generated migration by hand.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { WorldCode } from '@/lib/worlds/worlds';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    /** 'user' | 'admin' — admins may impersonate (login-as). */
    role: text('role').notNull().default('user'),
    isSeller: boolean('is_seller').notNull().default(false),
    becameSellerAt: timestamp('became_seller_at', { withTimezone: true }),
    world: text('world').$type<WorldCode>().notNull().default('de'),
    currencyCode: text('currency_code').notNull().default('EUR'),
    publicName: text('public_name').notNull(),
    userName: text('user_name'),
    imagePath: text('image_path'),
    creationSource: text('creation_source').notNull().default('web'),
    doubleOptIn: boolean('double_opt_in').notNull().default(false),
    schoolId: integer('school_id'),
    /** Role inside the school account: 'master' acts as school admin. */
    schoolRole: text('school_role'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const authorProfiles = pgTable('author_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  subtitle: text('subtitle'),
  description: text('description'),
  facebookProfile: text('facebook_profile'),
  instagramProfile: text('instagram_profile'),
  pinterestProfile: text('pinterest_profile'),
  privateProfile: boolean('private_profile').notNull().default(false),
  profileBackgroundData: jsonb('profile_background_data'),
  profileBackgroundPath: text('profile_background_path'),
  teachableCertified: boolean('teachable_certified').notNull().default(false),
  followersNumber: integer('followers_number').notNull().default(0),
  followingNumber: integer('following_number').notNull().default(0),
});

export const authorFollows = pgTable(
  'author_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.authorId] }), index('author_follows_author').on(t.authorId)],
);

/** A custom domain that shows one author's storefront. */
export const authorDomains = pgTable('author_domains', {
  domain: text('domain').primaryKey(),
  authorId: integer('author_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  world: text('world').$type<WorldCode>().notNull(),
  createdAt: createdAt(),
});

/**
 * A domain an author wants their storefront on, until they prove it is theirs: a DNS TXT record
 * `_kreide-verification.<domain>` with the token. Verified, it becomes an author_domains row.
 */
export const authorDomainClaims = pgTable(
  'author_domain_claims',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    world: text('world').$type<WorldCode>().notNull(),
    token: text('token').notNull(),
    createdAt: createdAt(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Why the last check failed (a reason code the page translates). */
    lastError: text('last_error'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('author_domain_claims_domain_author').on(t.domain, t.authorId)],
);

export const schools = pgTable(
  'schools',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** One of the school types (grundschule, sek1-gym, …). */
    schoolType: text('school_type').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
  },
  (t) => [index('schools_world').on(t.world)],
);

/** Classification vocabularies (the catalogue filters), one row per world and value. */
export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    position: smallint('position').notNull().default(0),
  },
  (t) => [uniqueIndex('subjects_world_key').on(t.world, t.key)],
);

export const grades = pgTable(
  'grades',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    /** 1 … 13 */
    level: smallint('level').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('grades_world_level').on(t.world, t.level)],
);

export const learningYears = pgTable(
  'learning_years',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    position: smallint('position').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('learning_years_world_position').on(t.world, t.position)],
);

export const materialTypes = pgTable(
  'material_types',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    key: text('key').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('material_types_world_key').on(t.world, t.key)],
);

export const keywords = pgTable(
  'keywords',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
  },
  (t) => [uniqueIndex('keywords_world_slug').on(t.world, t.slug)],
);

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    intro: text('intro').notNull(),
    subjectId: integer('subject_id').references(() => subjects.id),
  },
  (t) => [index('lessons_world').on(t.world)],
);

export const materials = pgTable(
  'materials',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    /** Author-written HTML; sanitised when rendered. */
    description: text('description').notNull(),
    /** Price in minor units of `currency`; 0 = free. */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
    /** Sale price in minor units while a sale runs; null = no sale. */
    salePriceCents: integer('sale_price_cents'),
    saleEndsAt: timestamp('sale_ends_at', { withTimezone: true }),
    hasFixedPrice: boolean('has_fixed_price').notNull().default(false),
    /** School-licence price in minor units set by the seller; null = three times the single price. */
    schoolPriceCents: integer('school_price_cents'),
    isBundle: boolean('is_bundle').notNull().default(false),
    /** The explicit standalone-interactive flag; without it, an interactive with no main file is one too. */
    isStandaloneInteractive: boolean('is_standalone_interactive').notNull().default(false),
    isBundleInteractive: boolean('is_bundle_interactive').notNull().default(false),
    interactiveId: integer('interactive_id'),
    /** Subject ids in which the material is among the bestsellers. */
    bestInCategories: jsonb('best_in_categories')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    pages: smallint('pages').notNull().default(1),
    salesCount: integer('sales_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /**
     * Shown in the catalogue: published, not hidden by an admin, not deleted. Kept as one flag
     * (set by lib/selling/lifecycle.ts) because every public query filters on it.
     */
    isActive: boolean('is_active').notNull().default(true),
    /** The seller's side: 'draft' (being uploaded) | 'published' | 'unpublished'. */
    status: text('status').$type<'draft' | 'published' | 'unpublished'>().notNull().default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Moderation: an admin hid the material; the seller sees the reason. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /**
     * Whether the seller has set the price (or chosen free): a new draft's price is 0 until
     * then, and publishing waits for it.
     */
    priceSet: boolean('price_set').notNull().default(true),
    /** Preview rendering: 'none' | 'pending' | 'rendering' | 'ready' | 'failed'. */
    previewStatus: text('preview_status').notNull().default('ready'),
    previewPagesDone: smallint('preview_pages_done').notNull().default(0),
    previewPagesTotal: smallint('preview_pages_total').notNull().default(0),
    /** Why rendering failed (a reason code the seller's page translates). */
    previewError: text('preview_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('materials_author_status').on(t.authorId, t.status, t.updatedAt),
    index('materials_world_created').on(t.world, t.createdAt),
    index('materials_world_sales').on(t.world, t.salesCount),
    index('materials_author').on(t.authorId),
    // The follower digest reads a day's first publications (lib/subscriptions/follower-digest.ts).
    index('materials_published').on(t.publishedAt),
  ],
);

/**
 * A signed-in user's favourite materials (the "Merkzettel"). The row stays when the material is
 * unpublished or deleted, so the favourite comes back if it is published again; lists and counts
 * show only visible materials.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.materialId] }),
    index('favourites_user_created').on(t.userId, t.createdAt),
    index('favourites_material').on(t.materialId),
  ],
);

/**
 * A teacher's folders, one tree per kind (`folder_type`: purchased, own, favorite) by `parent_id`.
 * Deleting a folder deletes its subfolders (the foreign key) and their placements, never a
 * material. Moves run under the account's row lock, so no two moves together can make a cycle.
 */
export const folders = pgTable(
  'folders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'purchased' | 'own' | 'favorite'. */
    folderType: text('folder_type').notNull(),
    title: text('title').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    isArchive: boolean('is_archive').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('folders_user_type').on(t.userId, t.folderType, t.parentId),
    index('folders_parent').on(t.parentId),
    check('folders_type', sql`${t.folderType} IN ('purchased', 'own', 'favorite')`),
    check('folders_not_own_parent', sql`${t.parentId} IS NULL OR ${t.parentId} <> ${t.id}`),
  ],
);

/** Which materials a folder holds (`folders_materials`). */
export const folderMaterials = pgTable(
  'folder_materials',
  {
    folderId: integer('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.materialId] }), index('folder_materials_material').on(t.materialId)],
);

/**
 * The days whose follower digest was started (lib/subscriptions/follower-digest.ts): the row is
 * written in the transaction that queues the day's fan-out, so the hourly job starts each day
 * once across processes and restarts, however long the queue keeps finished jobs.
 */
export const followerDigestDays = pgTable('follower_digest_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Files of a material by type: material_file, sources, cover. */
export const materialFiles = pgTable(
  'material_files',
  {
    id: serial('id').primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    storagePath: text('storage_path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
  },
  (t) => [index('material_files_material').on(t.materialId)],
);

export const materialPreviews = pgTable(
  'material_previews',
  {
    id: serial('id').primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    /**
     * The image as rendered: for rendered pages and a cover rendered from page 1 a seller-only key
     * (`preview-pages/…`, never served by /media), read by the seller's and admins' preview route.
     */
    storagePath: text('storage_path').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The PDF page it shows (1-based); null for the cover (position 0). */
    page: smallint('page'),
    /** The seller chooses which rendered pages buyers see. */
    shown: boolean('shown').notNull().default(true),
    /**
     * The public copy while shown, under a random name of its own (lib/selling/preview-publishing.ts);
     * null while hidden. Hiding deletes it, showing again makes a new one.
     */
    publicPath: text('public_path'),
  },
  (t) => [index('material_previews_material').on(t.materialId, t.position)],
);

export const materialSubjects = pgTable(
  'material_subjects',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.subjectId] }), index('material_subjects_subject').on(t.subjectId)],
);

export const materialGrades = pgTable(
  'material_grades',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    gradeId: integer('grade_id')
      .notNull()
      .references(() => grades.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.gradeId] }), index('material_grades_grade').on(t.gradeId)],
);

export const materialLearningYears = pgTable(
  'material_learning_years',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    learningYearId: integer('learning_year_id')
      .notNull()
      .references(() => learningYears.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.learningYearId] }), index('material_ly_ly').on(t.learningYearId)],
);

export const materialMaterialTypes = pgTable(
  'material_material_types',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    materialTypeId: integer('material_type_id')
      .notNull()
      .references(() => materialTypes.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.materialTypeId] }), index('material_mt_mt').on(t.materialTypeId)],
);

export const materialSchoolTypes = pgTable(
  'material_school_types',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    /** One of the school type keys (lib/catalog/school-types.ts). */
    schoolType: text('school_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.schoolType] }), index('material_st_st').on(t.schoolType)],
);

export const materialKeywords = pgTable(
  'material_keywords',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    keywordId: integer('keyword_id')
      .notNull()
      .references(() => keywords.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.keywordId] }), index('material_keywords_keyword').on(t.keywordId)],
);

export const materialLessons = pgTable(
  'material_lessons',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.lessonId] }), index('material_lessons_lesson').on(t.lessonId)],
);

export const materialSchools = pgTable(
  'material_schools',
  {
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.schoolId] }), index('material_schools_school').on(t.schoolId)],
);

/** Materials contained in a bundle (a bundle is itself a material with `isBundle`). */
export const bundleItems = pgTable(
  'bundle_items',
  {
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.bundleId, t.materialId] }), index('bundle_items_material').on(t.materialId)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    world: text('world').$type<WorldCode>().notNull(),
    title: text('title').notNull(),
    /** Author-written HTML; sanitised when rendered. */
    body: text('body').notNull(),
    /** 'draft' (only its author sees it) | 'published'. */
    status: text('status').$type<'draft' | 'published'>().notNull().default('published'),
    /** Null while a draft. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_posts_author').on(t.authorId, t.publishedAt)],
);

/**
 * Access tokens of sessions: for a user (password or social sign-in) or anonymous
 * (client credentials). Only a SHA-256 hash of the token is stored.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'web' (the website) or 'app' (the mobile app). */
    clientId: text('client_id').notNull(),
    grantType: text('grant_type').notNull(),
    /** Set for a login-as session (impersonation): the admin acting as this token's user. */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('access_tokens_hash').on(t.tokenHash), index('access_tokens_user').on(t.userId)],
);

/**
 * Favourites and follows of an anonymous visitor, held by their client-credentials token (the
 * identity in the session cookie, or an app's bearer token). Merged into the account at sign-in
 * and at the confirmation of a sign-up, then deleted; gone with the token.
 */
export const anonymousSubscriptions = pgTable(
  'anonymous_subscriptions',
  {
    tokenId: integer('token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    /** 'material' (a favourite) or 'author' (a follow). */
    subjectType: text('subject_type').$type<'material' | 'author'>().notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tokenId, t.subjectType, t.subjectId] }),
    index('anonymous_subscriptions_created').on(t.tokenId, t.createdAt),
  ],
);

/**
 * Account-state columns live beside the user in their own tables so the catalogue's user rows
 * stay narrow. One row per user, created at registration.
 */
export const accountStates = pgTable(
  'account_states',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' until the registration link is followed, then 'active'; 'deleted' after deletion. */
    status: text('status').notNull().default('active'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    /** ISO 3166 country the user chose (change-country page). */
    countryCode: text('country_code'),
    /** The user's own referral code, handed out on the invitation page. */
    inviteCode: text('invite_code').notNull(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Mail kinds the user agreed to: { newsletter, followedAuthors, sales, comments }. */
    notificationPreferences: jsonb('notification_preferences').notNull().default({}),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The anonymous identity (client-credentials token) that sent the sign-up: its favourites and
     * follows join the account when that same browser confirms it, and no other's do.
     */
    signUpTokenId: integer('sign_up_token_id').references(() => accessTokens.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_states_invite_code').on(t.inviteCode)],
);

/**
 * Single-use tokens mailed to the user (registration confirm, complete registration, password
 * recovery, change-email confirm). Only a SHA-256 hash is stored; `usedAt` makes them single-use.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Purpose-specific data, e.g. the new address for a change of e-mail. */
    payload: jsonb('payload'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_tokens_hash').on(t.tokenHash), index('account_tokens_user').on(t.userId, t.purpose)],
);

/** A sign-in identity at an OpenID Connect provider (google, apple_id, facebook, microsoft). */
export const userIdentities = pgTable(
  'user_identities',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('user_identities_user').on(t.userId)],
);

/** Versioned terms and conditions per world; the highest published version is the actual one. */
export const termsVersions = pgTable(
  'terms_versions',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_versions_world_version').on(t.world, t.version)],
);

export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    termsVersionId: integer('terms_version_id')
      .notNull()
      .references(() => termsVersions.id, { onDelete: 'cascade' }),
    acceptedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.termsVersionId] })],
);

/** Fixed-window counters for rate limits, shared by every app process through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
});

/** Security-relevant actions (login-as, account deletion) with who did them and from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

export const billingAddresses = pgTable('billing_addresses', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  company: text('company'),
  street: text('street').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  countryCode: text('country_code').notNull(),
  vatId: text('vat_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where a seller's payouts go. IBAN and BIC are validated before they are stored. */
export const bankDetails = pgTable('bank_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The subjects a teacher teaches (my-subjects page), used for personalisation. */
export const userSubjects = pgTable(
  'user_subjects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.subjectId] })],
);

// ---------------------------------------------------------------------------------------------
// Commerce. Amounts are integer minor units of the ISO 4217 exponent of their currency (cents;
// whole yen and won); rates and shares are basis points (19 % = 1900). Rows that record a sale
// copy every figure they were computed from, so a later price, tier or VAT change never rewrites
// history, and nothing here is deleted with an account (the users row stays, anonymised).
// ---------------------------------------------------------------------------------------------

/** The downloadable file of a material, versioned from the first upload on. */
export const materialFileVersions = pgTable(
  'material_file_versions',
  {
    id: serial('id').primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    storagePath: text('storage_path').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    pageCount: smallint('page_count'),
    /** Null while staged (uploaded, not yet released to buyers); downloads serve released versions only. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The seller's note on what changed, mailed to buyers with a new version. */
    changeNote: text('change_note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('material_file_versions_material').on(t.materialId, t.version)],
);

/** EU VAT standard rates by country and validity, seeded from a maintained source. */
export const vatRates = pgTable(
  'vat_rates',
  {
    country: text('country').notNull(),
    rateBasisPoints: integer('rate_basis_points').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.country, t.validFrom] })],
);

/**
 * A shopping cart: one per visitor and world (a world has one currency, and credit is spent only
 * in the world it was earned in). An anonymous cart is found by the hash of its cart token, a
 * signed-in one by its user; at sign-in the anonymous cart is merged into the user's.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    world: text('world').$type<WorldCode>().notNull(),
    tokenHash: text('token_hash'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    voucherCode: text('voucher_code'),
    /** Credit the buyer chose to spend: null = none, otherwise at most this many minor units. */
    creditsRequestedMinor: integer('credits_requested_minor'),
    /** Hash of the token of the abandoned-cart link, once one was mailed. */
    restoreTokenHash: text('restore_token_hash'),
    /** Until when that link restores the cart. */
    restoreTokenExpiresAt: timestamp('restore_token_expires_at', { withTimezone: true }),
    /** When the reminder with that link was queued: a change after it is a new state of the cart. */
    restoreMailedAt: timestamp('restore_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_token_world').on(t.tokenHash, t.world),
    uniqueIndex('carts_user_world').on(t.userId, t.world),
    uniqueIndex('carts_restore_token').on(t.restoreTokenHash),
    // The abandoned-cart sweep reads signed-in carts last changed within a window of days.
    index('carts_signed_in_updated')
      .on(t.updatedAt)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    /** 'single' | 'school' | 'school-upgrade' (from an owned single licence to a school licence). */
    licence: text('licence').notNull().default('single'),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.materialId] })],
);

/** Vouchers funded by the platform, valid in one world. Codes are stored upper-case. */
export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    world: text('world').$type<WorldCode>().notNull(),
    /** 'percent' | 'amount'. */
    kind: text('kind').notNull(),
    percentBasisPoints: integer('percent_basis_points'),
    amountMinor: integer('amount_minor'),
    currency: text('currency').notNull(),
    minimumOrderMinor: integer('minimum_order_minor').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validTo: timestamp('valid_to', { withTimezone: true }),
    /** Redemptions allowed in total; null = unlimited, 1 = a single-use code. */
    maxRedemptions: integer('max_redemptions'),
    maxRedemptionsPerUser: integer('max_redemptions_per_user').notNull().default(1),
    /** Raised in the same statement that checks the limit, so two orders cannot both take the last one. */
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code').on(t.code),
    check('vouchers_within_limit', sql`${t.maxRedemptions} IS NULL OR ${t.redemptions} <= ${t.maxRedemptions}`),
  ],
);

/** A buyer's credit per world: the balance row is what concurrent orders lock and lower. */
export const creditBalances = pgTable(
  'credit_balances',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    world: text('world').$type<WorldCode>().notNull(),
    currency: text('currency').notNull(),
    balanceMinor: integer('balance_minor').notNull().default(0),
    /** Whether the user ever had credit (`hadCredits`). */
    hadCredits: boolean('had_credits').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.world] }),
    // The last guard: a spend that would take the balance below zero fails in the database.
    check('credit_balances_not_negative', sql`${t.balanceMinor} >= 0`),
  ],
);

/** Every change of a credit balance, with its reason: the balance is their sum. */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    world: text('world').$type<WorldCode>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
    /** 'order' (spent) | 'refund' | 'referral' | 'admin' | 'order-cancelled'. */
    reason: text('reason').notNull(),
    orderId: integer('order_id'),
    createdAt: createdAt(),
  },
  (t) => [index('credit_entries_user').on(t.userId, t.world, t.createdAt)],
);

/**
 * An order: the buyer, what they paid and how, and the tax treatment that applied, copied at the
 * time. `reference` is what a bank transfer quotes; `idempotencyKey` makes a repeated checkout
 * attempt (double click, retry) return the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    world: text('world').$type<WorldCode>().notNull(),
    language: text('language').notNull(),
    currency: text('currency').notNull(),
    /** 'pending' | 'paid' | 'cancelled' | 'refunded' (every item refunded). */
    status: text('status').notNull(),
    /** 'invoice' | 'card' | 'free' | 'test'. */
    provider: text('provider').notNull(),
    /** The provider's id of the payment (a Stripe Checkout Session id). */
    providerReference: text('provider_reference'),
    idempotencyKey: text('idempotency_key').notNull(),
    originalMinor: integer('original_minor').notNull(),
    voucherDiscountMinor: integer('voucher_discount_minor').notNull(),
    creditsUsedMinor: integer('credits_used_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    netMinor: integer('net_minor').notNull(),
    /** 'eu-consumer' | 'domestic-business' | 'reverse-charge' | 'outside-eu' | 'no-rate-configured'. */
    vatKind: text('vat_kind').notNull(),
    vatCountry: text('vat_country').notNull(),
    vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
    buyerVatId: text('buyer_vat_id'),
    /** The billing address as it was at checkout (name, company, street, postal code, city, country). */
    billingAddress: jsonb('billing_address').notNull(),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    voucherCode: text('voucher_code'),
    /** When the buyer consented to immediate delivery and the loss of the withdrawal right. */
    deliveryConsentAt: timestamp('delivery_consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A payment that arrived for what the buyer held by then (bought otherwise meanwhile) or for
     * an order cancelled before: how much of it went straight back (to the card, or as credit),
     * so the back office flags the order. Null: nothing of the kind. Set once, which is also
     * what makes a second report of the same transfer book nothing.
     */
    paymentReturnedMinor: integer('payment_returned_minor'),
  },
  (t) => [
    uniqueIndex('orders_reference').on(t.reference),
    uniqueIndex('orders_idempotency').on(t.userId, t.idempotencyKey),
    uniqueIndex('orders_provider_reference').on(t.provider, t.providerReference),
    index('orders_user').on(t.userId, t.createdAt),
  ],
);

/**
 * One line of an order and the seller's side of that sale: the price, the VAT in it, the
 * commission tier the seller was on at the moment of sale and their share, written once.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    /** 'single' | 'school' | 'school-upgrade'. */
    licence: text('licence').notNull(),
    inBundle: boolean('in_bundle').notNull().default(false),
    unitGrossMinor: integer('unit_gross_minor').notNull(),
    chargedGrossMinor: integer('charged_gross_minor').notNull(),
    voucherDiscountMinor: integer('voucher_discount_minor').notNull(),
    creditUsedMinor: integer('credit_used_minor').notNull(),
    payableGrossMinor: integer('payable_gross_minor').notNull(),
    vatMinor: integer('vat_minor').notNull(),
    netMinor: integer('net_minor').notNull(),
    sellerShareBasisPoints: integer('seller_share_basis_points').notNull(),
    sellerShareMinor: integer('seller_share_minor').notNull(),
    platformShareMinor: integer('platform_share_minor').notNull(),
    /** The seller's active paid materials at the moment of sale (what chose the tier). */
    sellerActivePaidMaterials: integer('seller_active_paid_materials').notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [index('order_items_order').on(t.orderId), index('order_items_seller').on(t.sellerId)],
);

/** The right to download a material: granted when an order is paid, revoked by a refund. */
export const licences = pgTable(
  'licences',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id),
    /** 'single' | 'school'. An upgrade changes the kind of the existing licence. */
    kind: text('kind').notNull(),
    orderItemId: integer('order_item_id').references(() => orderItems.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('licences_user_material').on(t.userId, t.materialId),
    index('licences_material').on(t.materialId),
  ],
);

/** A stamped copy of a file version for one licence, stored once and served on every download. */
export const stampedCopies = pgTable(
  'stamped_copies',
  {
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    fileVersionId: integer('file_version_id')
      .notNull()
      .references(() => materialFileVersions.id, { onDelete: 'cascade' }),
    /** The licence kind stamped on the copy: an upgrade needs a new copy. */
    licenceKind: text('licence_kind').notNull(),
    storagePath: text('storage_path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.licenceId, t.fileVersionId, t.licenceKind] })],
);

/**
 * Invoices and cancellation invoices issued by the platform as deemed supplier. Numbers are
 * gapless per series and year (see documentCounters); the buyer's address and every line are
 * copied in, so nothing done to the account later changes an issued document.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** 'invoice' | 'cancellation'. */
    kind: text('kind').notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The invoice a cancellation cancels. */
    cancelsInvoiceId: integer('cancels_invoice_id'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    language: text('language').notNull(),
    currency: text('currency').notNull(),
    /** Everything printed: seller of record, buyer address, lines, totals, tax treatment. */
    document: jsonb('document').notNull(),
    totalMinor: integer('total_minor').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_number').on(t.number),
    uniqueIndex('invoices_series_sequence').on(t.series, t.year, t.sequence),
    index('invoices_order').on(t.orderId),
    index('invoices_user').on(t.userId, t.issuedAt),
  ],
);

/** The last number issued per (series, year), read FOR UPDATE and raised in the issuing transaction. */
export const documentCounters = pgTable(
  'document_counters',
  {
    series: text('series').notNull(),
    year: integer('year').notNull(),
    lastSequence: integer('last_sequence').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.year] })],
);

/** Payment-provider events already handled: a replayed webhook is recognised by its id. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    orderId: integer('order_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * One row per file a buyer downloaded (stamped copy served or free file): the seller's download
 * figures and charts count these. Kept with the material's history; a deleted account's rows
 * keep the material and time only.
 */
export const materialDownloads = pgTable(
  'material_downloads',
  {
    id: serial('id').primaryKey(),
    materialId: integer('material_id')
      .notNull()
      .references(() => materials.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileVersionId: integer('file_version_id'),
    createdAt: createdAt(),
  },
  (t) => [index('material_downloads_material_created').on(t.materialId, t.createdAt)],
);

// ---------------------------------------------------------------------------------------------
// Payouts. The platform is the deemed supplier to buyers and pays its sellers monthly by
// self-billing credit note. A run per month records one payout per seller and currency; its
// lines say which order item's share (or refund) it settles, and a sale or refund is settled at
// most once (payout_lines_settled). A payout below the minimum, or one that cannot be sent, is
// recorded with `carry` lines only, which settle nothing: the next run finds the same items again.
// ---------------------------------------------------------------------------------------------

/** One monthly payout run: the month it pays out, and the file handed to the payout provider. */
export const payoutRuns = pgTable(
  'payout_runs',
  {
    id: serial('id').primaryKey(),
    /** The month paid out, 'YYYY-MM' (UTC): shares of sales paid before its end are due. */
    period: text('period').notNull(),
    /** 'recorded' (payouts and credit notes committed, provider not yet served) | 'completed'. */
    status: text('status').$type<'recorded' | 'completed'>().notNull(),
    /** The provider the paid payouts went to ('sepa-credit-transfer'). */
    provider: text('provider').notNull(),
    /** Storage key of the provider's file (the pain.001 transfer order); null while none. */
    filePath: text('file_path'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_runs_period').on(t.period),
    check('payout_runs_period_format', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/**
 * What one run owes one seller in one currency. `status`: 'paid' (in the provider's file, with
 * a credit note), 'carried_over' (below the minimum, or not positive), 'held_no_bank_details',
 * 'held_unsupported_currency' (no provider pays this currency yet). The bank account is copied
 * in for a paid payout, so the run's file can be written again exactly as it was.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    runId: integer('run_id')
      .notNull()
      .references(() => payoutRuns.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    currency: text('currency').notNull(),
    /** The sum of its lines in minor units; zero or negative is carried over. */
    amountMinor: integer('amount_minor').notNull(),
    status: text('status')
      .$type<'paid' | 'carried_over' | 'held_no_bank_details' | 'held_unsupported_currency'>()
      .notNull(),
    creditNoteId: integer('credit_note_id').references(() => creditNotes.id),
    accountHolder: text('account_holder'),
    iban: text('iban'),
    bic: text('bic'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payouts_run_seller_currency').on(t.runId, t.sellerId, t.currency),
    index('payouts_seller').on(t.sellerId, t.createdAt),
    check(
      'payouts_status',
      sql`${t.status} IN ('paid', 'carried_over', 'held_no_bank_details', 'held_unsupported_currency')`,
    ),
  ],
);

/**
 * The order items a payout is made of: 'sale' pays an item's seller share, 'refund' takes back
 * what a sale line paid for an item refunded later, 'carry' records an item of a payout that
 * was not paid (it settles nothing). No sale and no refund is ever settled twice.
 */
export const payoutLines = pgTable(
  'payout_lines',
  {
    payoutId: integer('payout_id')
      .notNull()
      .references(() => payouts.id),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    kind: text('kind').$type<'sale' | 'refund' | 'carry'>().notNull(),
    amountMinor: integer('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.payoutId, t.orderItemId, t.kind] }),
    uniqueIndex('payout_lines_settled')
      .on(t.orderItemId, t.kind)
      .where(sql`${t.kind} <> 'carry'`),
    check('payout_lines_kind', sql`${t.kind} IN ('sale', 'refund', 'carry')`),
  ],
);

/**
 * Self-billing credit notes: what the platform paid a seller for a month, in their own gapless
 * series (GS-2026-000001, see documentCounters). Issuer, seller and lines are copied in at issue,
 * so nothing done to the accounts later changes an issued note; the PDF is drawn from this row
 * once and stored.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: serial('id').primaryKey(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    period: text('period').notNull(),
    currency: text('currency').notNull(),
    /** The seller's world at issue: the language and formats the note is printed in. */
    world: text('world').$type<WorldCode>().notNull(),
    /** The platform as it was at issue (name, address, VAT id). */
    issuer: jsonb('issuer').notNull(),
    /** The seller as it was at issue: name, address, VAT id, account holder, IBAN's last digits. */
    seller: jsonb('seller').notNull(),
    /** Every line: item, order, date, net price, share, amount (refunds negative). */
    lines: jsonb('lines').notNull(),
    salesMinor: integer('sales_minor').notNull(),
    refundsMinor: integer('refunds_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** Storage key of the PDF, written on the first download. */
    storagePath: text('storage_path'),
  },
  (t) => [
    uniqueIndex('credit_notes_number').on(t.number),
    uniqueIndex('credit_notes_series_sequence').on(t.series, t.year, t.sequence),
    uniqueIndex('credit_notes_seller_period_currency').on(t.sellerId, t.period, t.currency),
    index('credit_notes_seller').on(t.sellerId, t.issuedAt),
  ],
);

/**
 * What a user is told in the cabinet and live over `/notifications` (lib/notifications): stored
 * first, in the transaction of the event, then pushed, so nothing is lost while nobody listens.
 * `kind` and `data` (ids, titles, amounts) are rendered in the reader's language when read, so a
 * notification follows a change of world. `delivered_at`: a client acknowledged it (it is not
 * sent again on reconnect); `read_at`: the user marked it read (the bell's count).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The world the event happened in: where its link points. */
    world: text('world').$type<WorldCode>().notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** One event's notification per user (`version:12`): a fan-out batch run twice adds nothing. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('notifications_user').on(t.userId, t.id),
    uniqueIndex('notifications_once')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} IS NOT NULL`),
    index('notifications_undelivered')
      .on(t.userId, t.id)
      .where(sql`${t.deliveredAt} IS NULL`),
    index('notifications_unread')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * Single-use tickets for the website's WebSocket handshake: the site's session is an httpOnly
 * cookie, so the page asks a cookie-authenticated call for a ticket and sends that as
 * `access_token`. Only the hash is kept; a ticket lives a minute and is deleted when used.
 */
export const socketTickets = pgTable(
  'socket_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    tokenId: integer('token_id')
      .notNull()
      .references(() => accessTokens.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('socket_tickets_expiry').on(t.expiresAt)],
);

/**
 * What changed in the search's view of the catalogue: one row per write to a material's searched
 * columns or its classification, written by triggers (drizzle/0020_search_changes.sql), so no
 * write path can forget it. Each process's in-memory search index reads the rows after the last
 * it applied every second (lib/search/index-sync.ts); rows older than an hour are cleaned up.
 */
export const searchChanges = pgTable('search_changes', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  materialId: integer('material_id').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true })
    .notNull()
    .default(sql`clock_timestamp()`),
});
