/** Hindi for `ui-texts-referrals.ts`: the referral screens. */
import type { ReferralUiText } from './texts.ts';

export const hiReferrals: Record<ReferralUiText, string> = {
  'Refer friends': 'दोस्तों को बुलाएं',
  'Your referral code': 'आपका रेफ़रल कोड',
  'Share link': 'लिंक शेयर करें',
  'Copy link': 'लिंक कॉपी करें',
  'Copy code': 'कोड कॉपी करें',
  'Link copied': 'लिंक कॉपी हो गया',
  'Code copied': 'कोड कॉपी हो गया',
  'Could not copy. Select the link and copy it.': 'कॉपी नहीं हो सका। लिंक चुनकर कॉपी करें।',
  'Players you brought': 'आपके लाए खिलाड़ी',
  'Rewards earned': 'मिले इनाम',
  'Points earned': 'कमाए पॉइंट',
  'Waiting for review: {n}': 'जांच बाकी: {n}',
  'You get {points} points when a friend you invite has their first deposit approved.':
    'आपके बुलाए दोस्त का पहला जमा मंज़ूर होने पर आपको {points} पॉइंट मिलते हैं।',
  'Your friend gets {points} points with their first approved deposit.':
    'आपके दोस्त को पहले मंज़ूर जमा के साथ {points} पॉइंट मिलते हैं।',
  'Referrals are paused right now. Your code will work again when they reopen.':
    'रेफ़रल अभी बंद हैं। दोबारा खुलने पर आपका कोड फिर से चलेगा।',
  'Join me on Gama. Register with my referral code {code}.':
    'Gama पर मेरे साथ जुड़ें। मेरे रेफ़रल कोड {code} से रजिस्टर करें।',
  'Referral code (optional)': 'रेफ़रल कोड (ज़रूरी नहीं)',
  'You were invited by a friend.': 'आपको एक दोस्त ने बुलाया है।',
  'This referral code is not valid. Check it, or register without one':
    'यह रेफ़रल कोड सही नहीं है। इसे जांचें, या बिना कोड के रजिस्टर करें',
};
