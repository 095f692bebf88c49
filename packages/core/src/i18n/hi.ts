/**
 * The Hindi catalogue: every English text of the player app (`texts.ts`) in Devanagari, as players of these
 * games speak it. Game and market terms players know in Latin script (Jodi, Panna, Sangam, market names, OTP,
 * UPI, UTR) stay as they are. Loaded only when a player picks हिन्दी.
 */
import { bidMessages } from '../rules/messages.ts';
import { hiAccount } from './hi-account.ts';
import { hiGames } from './hi-games.ts';
import { hiSupport } from './hi-support.ts';
import { hiReferrals } from './hi-referrals.ts';
import type { Text } from './texts.ts';

export const hi: Record<Text, string> = {
  // Account (spec 01)
  'Phone No is required!': 'फ़ोन नंबर ज़रूरी है!',
  'Phone No is not valid!': 'फ़ोन नंबर सही नहीं है!',
  'Password is required!': 'पासवर्ड ज़रूरी है!',
  'Username is required': 'नाम ज़रूरी है',
  'New Password is required!': 'नया पासवर्ड ज़रूरी है!',
  'Confirm Password is required!': 'पासवर्ड की पुष्टि ज़रूरी है!',
  'Passwords do not match!': 'पासवर्ड मेल नहीं खाते!',
  'Phone number is required!': 'फ़ोन नंबर ज़रूरी है!',
  'Phone number is not valid!': 'फ़ोन नंबर सही नहीं है!',
  'Current Password is required!': 'मौजूदा पासवर्ड ज़रूरी है!',
  'Old password does not match': 'पुराना पासवर्ड मेल नहीं खाता',
  'Confirm Password is not equal to New Password!': 'पुष्टि वाला पासवर्ड नए पासवर्ड जैसा नहीं है!',
  'Name is required!': 'नाम ज़रूरी है!',
  'User Not Registered': 'यह नंबर रजिस्टर्ड नहीं है',
  'User Already Registered': 'यह नंबर पहले से रजिस्टर्ड है',
  'Enter Valid OTP': 'सही OTP डालें',
  'Invalid OTP. Please try again.': 'OTP गलत है। कृपया फिर से कोशिश करें।',
  'Invalid navigation. Please start over.': 'गलत रास्ता। कृपया फिर से शुरू करें।',
  'Successfully updated password': 'पासवर्ड सफलतापूर्वक अपडेट हो गया',
  'Successfully changed password': 'पासवर्ड सफलतापूर्वक बदल गया',
  'Failed to resend OTP. Please try again.': 'OTP दोबारा नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
  'Failed to send OTP': 'OTP नहीं भेजा जा सका',
  'Incorrect password': 'पासवर्ड गलत है',
  'Password must be at least 8 characters': 'पासवर्ड कम से कम 8 अक्षरों का होना चाहिए',
  'Password must be at most 128 characters': 'पासवर्ड ज़्यादा से ज़्यादा 128 अक्षरों का हो सकता है',
  'This password is too common. Please choose another.': 'यह पासवर्ड बहुत आम है। कृपया कोई दूसरा चुनें।',
  'Username must be at most 40 characters': 'नाम ज़्यादा से ज़्यादा 40 अक्षरों का हो सकता है',
  'OTP sent successfully': 'OTP भेज दिया गया',
  'OTP resent successfully': 'OTP दोबारा भेज दिया गया',
  'OTP verified': 'OTP सत्यापित हो गया',
  'Language saved': 'भाषा सेव हो गई',
  'Please choose English or Hindi': 'कृपया English या हिन्दी चुनें',
  'Please wait 30 seconds before requesting a new code.': 'नया कोड मांगने से पहले 30 सेकंड रुकें।',
  'Too many OTP requests. Please try again later.': 'बहुत ज़्यादा OTP मांगे गए। कृपया बाद में कोशिश करें।',
  'OTP expired. Please request a new code.': 'OTP की समय-सीमा खत्म हो गई। कृपया नया कोड मांगें।',
  'Reset session expired. Please start over.': 'रीसेट का समय खत्म हो गया। कृपया फिर से शुरू करें।',
  'Login Successfully': 'लॉगिन सफल रहा',
  'Registration Successful': 'रजिस्ट्रेशन सफल रहा',
  'Profile updated successfully': 'प्रोफ़ाइल अपडेट हो गई',
  'Logged out successfully': 'आप लॉग आउट हो गए',
  'Session expired. Please log in again.': 'सेशन खत्म हो गया। कृपया फिर से लॉगिन करें।',
  'Betting is disabled for your account': 'आपके खाते पर बोली लगाना बंद है',
  'Your account has been blocked. Please contact support.':
    'आपका खाता ब्लॉक कर दिया गया है। कृपया सपोर्ट से संपर्क करें।',
  'Invalid app key': 'ऐप की गलत है',
  'Something went wrong. Please try again.': 'कुछ गड़बड़ हो गई। कृपया फिर से कोशिश करें।',
  'We could not reach our server just now. Please try again in a few seconds.':
    'अभी हमारे सर्वर से संपर्क नहीं हो पाया। कृपया कुछ सेकंड बाद फिर से कोशिश करें।',
  // Closing an account
  'A withdrawal request is still pending. Delete your account after it is settled.':
    'एक निकासी अनुरोध अभी बाकी है। उसके पूरा होने के बाद खाता हटाएं।',
  'A deposit request is still pending. Delete your account after it is decided.':
    'एक जमा अनुरोध अभी बाकी है। उसका फ़ैसला होने के बाद खाता हटाएं।',
  'Some of your bids are waiting for results. Delete your account after they are settled.':
    'आपकी कुछ बोलियां रिज़ल्ट का इंतज़ार कर रही हैं। उनके निपटने के बाद खाता हटाएं।',
  'Please confirm that you understand this cannot be undone.':
    'कृपया पुष्टि करें कि आप समझते हैं कि यह वापस नहीं हो सकता।',
  'Your account has been deleted': 'आपका खाता हटा दिया गया है',
  // App shell
  'You are offline': 'आप ऑफ़लाइन हैं',
  'Balances, markets and bids need the internet. Gama updates by itself when you are back online.':
    'बैलेंस, मार्केट और बोलियों के लिए इंटरनेट चाहिए। ऑनलाइन होते ही Gama अपने आप अपडेट हो जाएगा।',
  'A new version of Gama is ready': 'Gama का नया वर्ज़न तैयार है',
  Update: 'अपडेट करें',
  // Money (spec 01)
  'Amount is required!': 'रकम ज़रूरी है!',
  'Wallet Limit Exceeded': 'वॉलेट की सीमा पार हो गई',
  'Please select a payment method': 'कृपया भुगतान का तरीका चुनें',
  'Withdrawals are only allowed during specified hours.': 'निकासी सिर्फ़ तय समय में ही हो सकती है।',
  'Withdraw request sent successfully': 'निकासी का अनुरोध भेज दिया गया',
  'Add this payment method before withdrawing to it': 'इसमें निकासी से पहले यह भुगतान तरीका जोड़ें',
  'No payment methods available.': 'कोई भुगतान तरीका उपलब्ध नहीं है।',
  'No withdrawal history available': 'निकासी का कोई रिकॉर्ड नहीं है',
  'No add fund transactions found.': 'फंड जोड़ने का कोई लेन-देन नहीं मिला।',
  'Phone No is not Valid!': 'फ़ोन नंबर सही नहीं है!',
  'UPI Number Added Successfully!': 'UPI नंबर जोड़ दिया गया!',
  'OTP sent to your registered mobile number': 'OTP आपके रजिस्टर्ड मोबाइल नंबर पर भेजा गया',
  'Phone.No is not Valid!': 'फ़ोन नंबर सही नहीं है!',
  "Don't Use Your Own Phone No.": 'अपना खुद का फ़ोन नंबर न डालें।',
  'Points is required!': 'अंक ज़रूरी हैं!',
  'Points Must be More than 100': 'अंक 100 से ज़्यादा होने चाहिए',
  'Not Enough Points': 'अंक काफ़ी नहीं हैं',
  'Username or password incorrect': 'नाम या पासवर्ड गलत है',
  'Points transferred successfully': 'अंक ट्रांसफ़र हो गए',
  'Fund request submitted. It will be credited after approval.':
    'फंड अनुरोध भेज दिया गया। मंज़ूरी के बाद जमा हो जाएगा।',
  'Please enter whole points': 'कृपया पूरे अंक डालें',
  'UPI ID Copied!': 'UPI ID कॉपी हो गई!',
  'Transfers are not allowed on your account. Please contact support.':
    'आपके खाते पर ट्रांसफ़र की अनुमति नहीं है। कृपया सपोर्ट से संपर्क करें।',
  'Too many lookups. Please try again later.': 'बहुत ज़्यादा बार नंबर जांचा गया। कृपया बाद में कोशिश करें।',
  'Enter the 12-digit UTR (UPI transaction reference) shown in your payment app':
    'अपने पेमेंट ऐप में दिखा 12 अंकों का UTR (UPI ट्रांज़ैक्शन नंबर) डालें',
  'This UTR has already been used': 'यह UTR पहले ही इस्तेमाल हो चुका है',
  'UTR submitted. Your deposit will be credited after it is checked.':
    'UTR भेज दिया गया। जांच के बाद आपकी जमा राशि आ जाएगी।',
  'A different UTR was already entered for this deposit request':
    'इस जमा अनुरोध के लिए पहले ही दूसरा UTR डाला जा चुका है',
  'Deposit request not found': 'जमा अनुरोध नहीं मिला',
  'The screenshot must be a PNG, JPEG or WebP image': 'स्क्रीनशॉट PNG, JPEG या WebP फ़ोटो होना चाहिए',
  'The screenshot must be at most 1 MB': 'स्क्रीनशॉट ज़्यादा से ज़्यादा 1 MB का हो सकता है',
  'The screenshot must be at most 16 megapixels': 'स्क्रीनशॉट ज़्यादा से ज़्यादा 16 मेगापिक्सेल का हो सकता है',
  // Responsible play
  'You must be 18 or older to play': 'खेलने के लिए आपकी उम्र 18 साल या उससे ज़्यादा होनी चाहिए',
  'Enter a valid date of birth': 'सही जन्म तिथि डालें',
  'Enter a limit in whole points, or leave it empty for no limit':
    'सीमा पूरे अंकों में डालें, या कोई सीमा न रखने के लिए खाली छोड़ें',
  'Play limits saved': 'खेल की सीमाएं सेव हो गईं',
  'Reality check saved': 'रियलिटी चेक सेव हो गया',
  'Choose a month': 'महीना चुनें',
  'Deposit limit': 'जमा सीमा',
  'Stake limit': 'बोली सीमा',
  Day: 'दिन',
  Week: 'हफ़्ता',
  Month: 'महीना',
  'Time-out': 'टाइम-आउट',
  'Self-exclusion': 'खुद पर रोक',
  // Bids (spec 02)
  'Please enter the number': 'कृपया नंबर डालें',
  'Please enter point': 'कृपया अंक डालें',
  'Required minimum bid amount is 10': 'कम से कम 10 अंक की बोली ज़रूरी है',
  'Insufficient balance please refill your account': 'बैलेंस कम है, कृपया अपने खाते में फंड जोड़ें',
  'Insufficient balance, please refill your account': 'बैलेंस कम है, कृपया अपने खाते में फंड जोड़ें',
  'Digit not valid': 'अंक सही नहीं है',
  'Please enter a valid Pana (at least 2 digits)': 'कृपया सही Pana डालें (कम से कम 2 अंक)',
  'No Possible combination found': 'कोई कॉम्बिनेशन नहीं मिला',
  'Not enough balance!': 'बैलेंस काफ़ी नहीं है!',
  'Sorry!': 'माफ़ कीजिए!',
  'Oops! Market is closed for today': 'ओह! आज के लिए मार्केट बंद है',
  'Bid placed successfully!': 'बोली लग गई!',
  'Failed to place bid. Please try again.': 'बोली नहीं लग सकी। कृपया फिर से कोशिश करें।',
  'Sorry Open session for this Betting Is Closed': 'माफ़ कीजिए, इस बोली के लिए Open सेशन बंद हो गया है',
  'Betting Closed for close Session': 'Close सेशन के लिए बोली बंद है',
  'Sorry Betting Is Closed': 'माफ़ कीजिए, बोली बंद है',
  "Sorry You Don't Have Sufficient Amount For This Bid": 'माफ़ कीजिए, इस बोली के लिए आपके पास काफ़ी अंक नहीं हैं',
  'Sorry, back date bidding is not allowed. Your account can be blocked for this.':
    'माफ़ कीजिए, पिछली तारीख की बोली की अनुमति नहीं है। इसके लिए आपका खाता ब्लॉक हो सकता है।',
  'Bid Successfully Submitted': 'बोली सफलतापूर्वक लग गई',
  // Passbook lines (contract/ledger-notes.ts)
  'Deposit approved': 'जमा मंज़ूर हुआ',
  'Referral reward': 'रेफ़रल इनाम',
  'Withdrawal requested': 'निकासी का अनुरोध',
  'Withdrawal paid': 'निकासी का भुगतान हुआ',
  'Withdrawal rejected, points returned': 'निकासी नामंज़ूर, अंक वापस आए',
  'Points transfer from {from} to {to}': '{from} से {to} को अंकों का ट्रांसफ़र',
  'Bid {market} {betType} ({bidDate})': 'बोली {market} {betType} ({bidDate})',
  'Win {market} {bidDate} (result {value})': 'जीत {market} {bidDate} (रिज़ल्ट {value})',
  'Win {market} {bidDate} (open result {value})': 'जीत {market} {bidDate} (Open रिज़ल्ट {value})',
  'Win {market} {bidDate} (close result {value})': 'जीत {market} {bidDate} (Close रिज़ल्ट {value})',
  // Keyed by the constant: its English is spliced in rules/messages.ts (see the comment there).
  [bidMessages.noCancelOncePlaced]: 'बोली एक बार लग जाने के बाद किसी भी हालत में रद्द नहीं हो सकती।',
  'Please enter valid points': 'कृपया सही अंक डालें',
  'Maximum bid amount is 1000000000': 'ज़्यादा से ज़्यादा 1000000000 अंक की बोली लग सकती है',
  'Please select a session': 'कृपया सेशन चुनें',
  'Session is not valid': 'सेशन सही नहीं है',
  'Total points do not match the bids': 'कुल अंक बोलियों से मेल नहीं खाते',
  'Please choose a game type': 'कृपया खेल का प्रकार चुनें',
  'Market not found': 'मार्केट नहीं मिला',
  'Please choose a valid date range': 'कृपया सही तारीखें चुनें',
  'Please choose at most 93 days': 'कृपया ज़्यादा से ज़्यादा 93 दिन चुनें',
  'Idempotency key must be 8-255 letters, digits, "-", "_", ":" or "."':
    'अनुरोध की पहचान 8-255 अक्षरों, अंकों, "-", "_", ":" या "." की होनी चाहिए',
  'This request id was already used for a different request':
    'यह अनुरोध पहचान किसी दूसरे अनुरोध के लिए इस्तेमाल हो चुकी है',
  'This request is still being processed': 'यह अनुरोध अभी पूरा हो रहा है',
  'No internet connection. Please check your network and try again.':
    'इंटरनेट कनेक्शन नहीं है। कृपया अपना नेटवर्क जांचें और फिर से कोशिश करें।',
  'The server is taking too long. Please try again.': 'सर्वर बहुत समय ले रहा है। कृपया फिर से कोशिश करें।',
  // Templates
  'Too many attempts. Please try again in {seconds} seconds.':
    'बहुत ज़्यादा कोशिशें। कृपया {seconds} सेकंड बाद फिर से कोशिश करें।',
  'Your wallet still has {points} points. Withdraw them before you delete your account.':
    'आपके वॉलेट में अभी {points} अंक हैं। खाता हटाने से पहले उन्हें निकाल लें।',
  'Your account owes {points} points. Clear it before you delete your account.':
    'आपके खाते पर {points} अंक बकाया हैं। खाता हटाने से पहले इन्हें चुकाएं।',
  'Min amt is {min}': 'कम से कम रकम {min} है',
  'Points Must be More than {min}': 'अंक {min} से ज़्यादा होने चाहिए',
  'Minimum amount to add is {min}': 'कम से कम {min} जोड़ने होंगे',
  'This deposit request is already {status}': 'यह जमा अनुरोध पहले ही {status} हो चुका है',
  'Your account owes {amount} points after a result correction. Add funds to clear it before you bid, withdraw or transfer.':
    'रिज़ल्ट सुधार के बाद आपके खाते पर {amount} अंक बकाया हैं। बोली, निकासी या ट्रांसफ़र से पहले फंड जोड़कर इसे चुकाएं।',
  'Over your daily deposit limit of {limit} points: {left} points left today':
    'आपकी {limit} अंक की रोज़ की जमा सीमा पार: आज {left} अंक बाकी',
  'Over your weekly deposit limit of {limit} points: {left} points left this week':
    'आपकी {limit} अंक की हफ़्ते की जमा सीमा पार: इस हफ़्ते {left} अंक बाकी',
  'Over your monthly deposit limit of {limit} points: {left} points left this month':
    'आपकी {limit} अंक की महीने की जमा सीमा पार: इस महीने {left} अंक बाकी',
  'Over your daily stake limit of {limit} points: {left} points left today':
    'आपकी {limit} अंक की रोज़ की बोली सीमा पार: आज {left} अंक बाकी',
  'Over your weekly stake limit of {limit} points: {left} points left this week':
    'आपकी {limit} अंक की हफ़्ते की बोली सीमा पार: इस हफ़्ते {left} अंक बाकी',
  'Over your monthly stake limit of {limit} points: {left} points left this month':
    'आपकी {limit} अंक की महीने की बोली सीमा पार: इस महीने {left} अंक बाकी',
  'You are on a time-out until {until}. Betting, deposits and transfers are paused.':
    'आप {until} तक टाइम-आउट पर हैं। बोली, जमा और ट्रांसफ़र रुके हुए हैं।',
  'You have excluded yourself until {until}. Betting, deposits and transfers are paused.':
    'आपने {until} तक खुद पर रोक लगाई है। बोली, जमा और ट्रांसफ़र रुके हुए हैं।',
  'Time-out started. It ends {until}.': 'टाइम-आउट शुरू हो गया। यह {until} को खत्म होगा।',
  'Self-exclusion started. It ends {until}.': 'खुद पर रोक शुरू हो गई। यह {until} को खत्म होगी।',
  'Number {entered} is not valid': 'नंबर {entered} सही नहीं है',
  'Required minimum bid amount is {points}': 'कम से कम {points} अंक की बोली ज़रूरी है',
  'Bidding is closed for {betTypeLabel}': '{betTypeLabel} के लिए बोली बंद है',
  'Limit reached for {number}': '{number} की सीमा पूरी हो गई',
  // Language switch
  Language: 'भाषा',
  // Shared pieces
  Close: 'बंद करें',
  Loading: 'लोड हो रहा है',
  'dd-mm-yyyy': 'दिन-माह-वर्ष',
  'Show {label}': '{label} दिखाएं',
  'Hide {label}': '{label} छिपाएं',
  // Shell
  Menu: 'मेन्यू',
  'Main menu': 'मुख्य मेन्यू',
  Announcement: 'घोषणा',
  'Log out': 'लॉग आउट',
  'Please wait...': 'कृपया रुकें...',
  Home: 'होम',
  Profile: 'प्रोफ़ाइल',
  'Add Funds': 'फंड जोड़ें',
  Funds: 'फंड',
  'Win History': 'जीत का इतिहास',
  'Bid History': 'बोली का इतिहास',
  'How To Play': 'कैसे खेलें',
  'Game Rates': 'गेम रेट',
  Charts: 'चार्ट',
  'Play limits': 'खेल की सीमाएं',
  'Change Password': 'पासवर्ड बदलें',
  'Privacy Policy': 'प्राइवेसी पॉलिसी',
  Login: 'लॉगिन',
  // Login
  'Welcome back': 'फिर से स्वागत है',
  'Log in with your phone number and password.': 'अपने फ़ोन नंबर और पासवर्ड से लॉगिन करें।',
  'New to Gama?': 'Gama पर नए हैं?',
  'For Registration': 'रजिस्ट्रेशन के लिए',
  'Phone Number': 'फ़ोन नंबर',
  '10-digit mobile number': '10 अंकों का मोबाइल नंबर',
  Password: 'पासवर्ड',
  'Your password': 'आपका पासवर्ड',
  'Forgot Password?': 'पासवर्ड भूल गए?',
  LOGIN: 'लॉगिन',
  // Theme switch in the side menu
  Theme: 'थीम',
  System: 'सिस्टम',
  Light: 'लाइट',
  Dark: 'डार्क',
  ...hiAccount,
  ...hiGames,
  ...hiSupport,
  ...hiReferrals,
};
