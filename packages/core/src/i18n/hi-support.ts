/** Hindi for `ui-texts-support.ts`: the support screens. */
import type { SupportUiText } from './texts.ts';

export const hiSupport: Record<SupportUiText, string> = {
  Support: 'सहायता',
  'Support, {n} unread': 'सहायता, {n} नए जवाब',
  'Write to support': 'सहायता को लिखें',
  'Your conversations': 'आपकी बातचीत',
  'No conversations yet. Ask us anything about your deposits, withdrawals or bids.':
    'अभी कोई बातचीत नहीं। अपने जमा, निकासी या बोली के बारे में हमसे कुछ भी पूछें।',
  'About deposit #{id}': 'जमा #{id} के बारे में',
  'About withdrawal #{id}': 'निकासी #{id} के बारे में',
  'About bid #{id}': 'बोली #{id} के बारे में',
  'Ask about this': 'इसके बारे में पूछें',
  'Type your message': 'अपना संदेश लिखें',
  Send: 'भेजें',
  'Attach screenshot': 'स्क्रीनशॉट जोड़ें',
  'Remove screenshot': 'स्क्रीनशॉट हटाएं',
  Screenshot: 'स्क्रीनशॉट',
  You: 'आप',
  Open: 'खुली',
  Closed: 'बंद',
  'New replies: {n}': 'नए जवाब: {n}',
  'All conversations': 'सभी बातचीत',
  'Replies appear here as soon as support answers.': 'सहायता के जवाब देते ही जवाब यहां दिखेंगे।',
  'Support replied to you': 'सहायता ने आपको जवाब दिया',
  'Open Support to read the reply.': 'जवाब पढ़ने के लिए सहायता खोलें।',
  'Conversation not found': 'बातचीत नहीं मिली',
  'Write a message or attach a screenshot': 'संदेश लिखें या स्क्रीनशॉट जोड़ें',
  'A message is at most 1,000 characters': 'संदेश ज़्यादा से ज़्यादा 1,000 अक्षरों का हो सकता है',
  'That record is not one of yours': 'यह रिकॉर्ड आपका नहीं है',
  'You can send at most 5 messages a minute. Please wait a moment':
    'आप एक मिनट में ज़्यादा से ज़्यादा 5 संदेश भेज सकते हैं। कृपया थोड़ा रुकें',
  'You can send at most 30 messages an hour. Please wait':
    'आप एक घंटे में ज़्यादा से ज़्यादा 30 संदेश भेज सकते हैं। कृपया रुकें',
};
