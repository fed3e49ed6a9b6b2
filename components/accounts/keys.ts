/** Where the invitation page keeps the referral code until sign-up sends it along. */
export const INVITE_CODE_KEY = 'kreide_invite_code';
