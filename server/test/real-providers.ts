/**
 * Settings that choose every real provider (FlexPay, Twilio voice, phone chat and SMS, Veriff, reCAPTCHA) with made-up
 * credentials, for tests that walk the routes these providers add. Building the app calls none of
 * them; their API addresses point at a closed local port, so nothing could leave the machine.
 */
export const REAL_PROVIDERS_ENV = {
  PAYMENT_PROVIDER: 'flexpay',
  FLEXPAY_SHOP_ID: '115790',
  FLEXPAY_SIGNATURE_KEY: 'flexpay-signature-key',
  FLEXPAY_URL: 'http://127.0.0.1:9/startorder',
  PHONE_PROVIDER: 'twilio',
  PHONE_SERVICE_NUMBER: '0900 1 234567',
  TWILIO_VOICE_ENTRY: 'sip:livecam-0900.sip.twilio.com',
  PHONE_CHAT_PROVIDER: 'twilio',
  PHONE_CHAT_NUMBER: '0900 5 111222',
  PHONE_CHAT_ENTRY: 'sip:chat-0900.sip.twilio.com',
  PHONE_CHAT_CALLER_ID: '+4930123456789',
  AVS_PROVIDER: 'veriff',
  VERIFF_API_KEY: 'veriff-api-key',
  VERIFF_SHARED_SECRET: 'veriff-shared-secret',
  VERIFF_API_URL: 'http://127.0.0.1:9',
  ID_CHECK_PROVIDER: 'veriff',
  ID_CHECK_VERIFF_API_KEY: 'veriff-idcheck-api-key',
  ID_CHECK_VERIFF_SHARED_SECRET: 'veriff-idcheck-shared-secret',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'twilio-auth-token',
  TWILIO_SMS_FROM: '+4915100000000',
  TWILIO_API_URL: 'http://127.0.0.1:9',
  CAPTCHA_PROVIDER: 'recaptcha',
  RECAPTCHA_SITE_KEY: 'recaptcha-site-key',
  RECAPTCHA_SECRET_KEY: 'recaptcha-secret-key',
  RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/recaptcha/api/siteverify',
};
