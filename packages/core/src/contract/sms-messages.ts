/** The texts of the one-time codes the server sends by SMS, in the player's language. */
import type { Language } from './languages.ts';
import type { OtpPurpose } from './accounts.ts';

const purposeWords: Record<Language, Record<OtpPurpose, string>> = {
  en: { register: 'registration', reset: 'password reset', withdraw_upi: 'withdraw number verification' },
  hi: { register: 'रजिस्ट्रेशन', reset: 'पासवर्ड रीसेट', withdraw_upi: 'निकासी नंबर सत्यापन' },
};

export function codeSmsText(code: string, purpose: OtpPurpose, language: Language): string {
  const what = purposeWords[language][purpose];
  return language === 'hi'
    ? `${code} आपका Gama ${what} कोड है। यह 5 मिनट में खत्म हो जाएगा। इसे किसी के साथ साझा न करें।`
    : `${code} is your Gama ${what} code. It expires in 5 minutes. Do not share it with anyone.`;
}
