import type { GamaApi } from './gama-api.ts';

/** The links the app must build from the server's contact settings (spec 01 section 5). */
export async function expectedContactLinks(api: GamaApi) {
  const { body } = await api.post('/api-get-social-data');
  const number = (raw: unknown) => {
    const digits = String(raw ?? '').replace(/\D/g, '');
    const usable = digits.length >= 10 ? digits : '9999999999';
    return usable.length === 10 ? `91${usable}` : usable;
  };
  return {
    whatsapp: `https://wa.me/${number(body.whatsapp_no || body.mobile_no)}`,
    call: `tel:+${number(body.mobile_no)}`,
    telegram: `https://t.me/+${number(body.telegram_no)}`,
  };
}
