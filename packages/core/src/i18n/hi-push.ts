/** Hindi for `ui-texts-push.ts`: the notifications screen's push section. */
import type { PushUiText } from './texts.ts';

export const hiPush: Record<PushUiText, string> = {
  'Alerts on this phone': 'इस फ़ोन पर अलर्ट',
  'Get an alert on this phone when a result is declared on a market you bid on, when money moves, or when support replies, even with the app closed.':
    'जिस मार्केट पर आपने बोली लगाई उसका रिज़ल्ट घोषित होने पर, पैसे आने-जाने पर, या सहायता के जवाब देने पर इस फ़ोन पर अलर्ट पाएं, ऐप बंद होने पर भी।',
  'Turn on alerts': 'अलर्ट चालू करें',
  'Turn off alerts on this phone': 'इस फ़ोन पर अलर्ट बंद करें',
  'Alerts are on for this phone.': 'इस फ़ोन के लिए अलर्ट चालू हैं।',
  'Results of markets you bid on': 'जिन मार्केट पर बोली लगाई उनके रिज़ल्ट',
  'Deposits and withdrawals': 'जमा और निकासी',
  'Support replies': 'सहायता के जवाब',
  'Offers and notices from Gama': 'Gama के ऑफ़र और सूचनाएं',
  'See more': 'और देखें',
  'This browser cannot show alerts. Add Gama to your home screen and open it from there.':
    'यह ब्राउज़र अलर्ट नहीं दिखा सकता। Gama को होम स्क्रीन पर जोड़ें और वहीं से खोलें।',
  'Alerts are blocked for Gama. Allow notifications for this site in your browser settings, then come back.':
    'Gama के अलर्ट ब्लॉक हैं। ब्राउज़र की सेटिंग में इस साइट के लिए नोटिफ़िकेशन की अनुमति दें, फिर वापस आएं।',
  'Could not turn on alerts. Please try again.': 'अलर्ट चालू नहीं हो सके। कृपया फिर से कोशिश करें।',
  'Alert settings saved': 'अलर्ट की सेटिंग सेव हो गई',
};
