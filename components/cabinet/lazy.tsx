'use client';

import dynamic from 'next/dynamic';

// The cabinet forms (and the validation rules they share with the API) load only on the cabinet
// page that renders them, not with every public page of the catch-all route.
export const BankDetailsForm = dynamic(() => import('./bank-details-form').then((m) => m.BankDetailsForm));
export const BillingAddressForm = dynamic(() => import('./billing-address-form').then((m) => m.BillingAddressForm));
export const ChangeCountryForm = dynamic(() => import('./change-country-form').then((m) => m.ChangeCountryForm));
export const DeleteAccountForm = dynamic(() => import('./delete-account-form').then((m) => m.DeleteAccountForm));
export const MySubjectsForm = dynamic(() => import('./my-subjects-form').then((m) => m.MySubjectsForm));
export const NotificationPreferencesForm = dynamic(() =>
  import('./notification-preferences-form').then((m) => m.NotificationPreferencesForm),
);
