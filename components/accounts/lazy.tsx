'use client';

import dynamic from 'next/dynamic';

// Every page view of the catch-all route shares one client bundle, so a form imported directly
// would ship to every material and search page. Loaded through next/dynamic, each account form
// is its own chunk, fetched only by the page that renders it (still rendered on the server).
export const AccountForm = dynamic(() => import('./account-form').then((m) => m.AccountForm));
export const AuthorRedirect = dynamic(() => import('./author-redirect').then((m) => m.AuthorRedirect));
export const AuthorizeConsent = dynamic(() => import('./authorize-consent').then((m) => m.AuthorizeConsent));
export const InvitationPanel = dynamic(() => import('./invitation-panel').then((m) => m.InvitationPanel));
export const LoginForm = dynamic(() => import('./login-form').then((m) => m.LoginForm));
export const SocialComplete = dynamic(() => import('./social-complete').then((m) => m.SocialComplete));
