/** The texts of the demo data: realistic IT requests and knowledge base articles. */

export type TicketCategory = 'technical' | 'access' | 'software' | 'hardware' | 'other';

export type TicketTemplate = { title: string; category: TicketCategory; description: string };

export const TICKET_TEMPLATES: TicketTemplate[] = [
  {
    title: 'Cannot connect to VPN from home',
    category: 'technical',
    description:
      'Since this morning the VPN client says "Authentication failed" even though my password works for email.\nI am on Windows 11, GlobalProtect 6.2.',
  },
  {
    title: 'Password expired and locked out',
    category: 'access',
    description:
      'My password expired over the weekend and after a few attempts my account is locked.\nI need access for a client call at 2 pm.',
  },
  {
    title: 'Laptop battery drains in two hours',
    category: 'hardware',
    description:
      'The battery on my ThinkPad T14 went from a full day to about two hours.\nBattery report attached to the asset record.',
  },
  {
    title: 'Request access to Finance shared drive',
    category: 'access',
    description:
      'I joined the finance team this week and need read/write access to \\\\files\\finance.\nMy manager (Dana) has approved.',
  },
  {
    title: 'Excel crashes when opening large workbook',
    category: 'software',
    description:
      'Excel closes without an error when I open the quarterly forecast workbook (48 MB).\nOther files open fine.',
  },
  {
    title: 'Outlook keeps asking for password',
    category: 'software',
    description:
      'Outlook prompts for my password every few minutes and does not accept it.\nWebmail works normally.',
  },
  {
    title: 'New starter needs laptop and accounts',
    category: 'other',
    description:
      'We have a new analyst starting on Monday.\nPlease prepare a laptop, email account and access to the CRM.',
  },
  {
    title: 'Printer on 3rd floor prints blank pages',
    category: 'hardware',
    description:
      'The HP LaserJet near the kitchen on the 3rd floor prints blank pages.\nToner was replaced last week.',
  },
  {
    title: 'Wi-Fi drops in meeting room B',
    category: 'technical',
    description:
      'Video calls in meeting room B drop every 10-15 minutes.\nOther rooms on the floor are fine.',
  },
  {
    title: 'Install Visual Studio Code',
    category: 'software',
    description: 'I need VS Code for the reporting project.\nSoftware Center does not list it.',
  },
  {
    title: 'MFA app lost with old phone',
    category: 'access',
    description:
      'I replaced my phone and the authenticator app did not transfer.\nI cannot sign in to anything that needs MFA.',
  },
  {
    title: 'Monitor flickers on docking station',
    category: 'hardware',
    description:
      'My second monitor flickers when connected through the USB-C dock.\nDirect HDMI to the laptop works.',
  },
  {
    title: 'Teams calls have no audio',
    category: 'software',
    description:
      'I can see people in Teams meetings but hear nothing, and they cannot hear me.\nHeadset works in other apps.',
  },
  {
    title: 'CRM very slow since update',
    category: 'software',
    description:
      "Since last night's CRM update every page takes 20-30 seconds to load.\nColleagues report the same.",
  },
  {
    title: 'Request admin rights for software testing',
    category: 'access',
    description:
      'For testing the new installer package I need temporary local admin rights on my workstation for two days.',
  },
  {
    title: 'Keyboard keys sticking',
    category: 'hardware',
    description:
      'Several keys (E, R, space) on my laptop keyboard stick or repeat.\nI spilled nothing on it.',
  },
  {
    title: 'Shared mailbox not showing in Outlook',
    category: 'software',
    description: 'I was given access to support@ yesterday but the mailbox does not appear in Outlook.',
  },
  {
    title: 'Cannot print to PDF',
    category: 'software',
    description: 'The "Microsoft Print to PDF" printer disappeared from the print dialog.',
  },
  {
    title: 'Remote desktop to build server refused',
    category: 'technical',
    description:
      'RDP to BUILD-02 fails with "The remote computer refused the connection".\nIt worked on Friday.',
  },
  {
    title: 'Phone extension forwarding',
    category: 'other',
    description: 'Please forward my desk extension 4417 to my mobile while I work from home this month.',
  },
  {
    title: 'Disk almost full on laptop',
    category: 'hardware',
    description: 'Windows warns that C: has less than 2 GB free.\nI do not store large files locally.',
  },
  {
    title: 'Access to Jira project PAY',
    category: 'access',
    description: 'I need developer access to the Jira project PAY for the payments integration work.',
  },
  {
    title: 'Browser shows certificate warning for intranet',
    category: 'technical',
    description:
      'Chrome shows "Your connection is not private" when opening the intranet home page since Monday.',
  },
  {
    title: 'Adobe Acrobat licence request',
    category: 'software',
    description: 'I need to edit and sign PDFs for contracts. Please assign an Acrobat Pro licence.',
  },
  {
    title: 'Docking station not detected',
    category: 'hardware',
    description: 'My laptop no longer detects the docking station: no monitors, no network, no charging.',
  },
  {
    title: 'Email to external partner bounces',
    category: 'technical',
    description: 'Emails to anyone at partner-logistics.com bounce with "550 5.7.1 rejected by policy".',
  },
  {
    title: 'Offboarding: remove access for leaver',
    category: 'access',
    description:
      'A contractor in marketing leaves on Friday.\nPlease disable all accounts at 18:00 and collect the laptop.',
  },
  {
    title: 'Webcam not working after update',
    category: 'hardware',
    description: 'After the latest Windows update the built-in webcam shows a black image in every app.',
  },
  {
    title: 'Need larger mailbox quota',
    category: 'other',
    description: 'My mailbox is at 98% of its quota and I need to keep project correspondence for audit.',
  },
  {
    title: 'OneDrive not syncing',
    category: 'software',
    description:
      'OneDrive shows "Processing changes" for two days and files edited on my laptop do not appear online.',
  },
  {
    title: 'Conference room display not turning on',
    category: 'hardware',
    description:
      'The TV in the boardroom does not turn on with the remote or the button.\nBoard meeting tomorrow 9:00.',
  },
  {
    title: 'SSO login loop on expenses portal',
    category: 'technical',
    description:
      'The expenses portal redirects to the sign-in page and back in a loop.\nCleared cookies, same result.',
  },
  {
    title: 'Request second monitor',
    category: 'other',
    description: 'Working with large spreadsheets all day. Could I get a second 24" monitor for my desk?',
  },
  {
    title: 'Antivirus flags internal tool',
    category: 'technical',
    description: 'Defender quarantined our internal report generator (report-gen.exe) this morning.',
  },
  {
    title: 'Cannot install printer driver',
    category: 'software',
    description: 'Installing the driver for the new Canon printer fails with error 0x00000bcb.',
  },
  {
    title: 'Access to analytics dashboard',
    category: 'access',
    description: 'Please grant me viewer access to the sales analytics dashboard in Power BI.',
  },
  {
    title: 'Laptop fan very loud',
    category: 'hardware',
    description:
      'The fan runs at full speed all the time, even when idle. The laptop gets hot on the left side.',
  },
  {
    title: 'Calendar invites arrive twice',
    category: 'software',
    description: 'Every meeting invite I receive shows up twice in my calendar since I added my phone.',
  },
  {
    title: 'Network drive mapping lost',
    category: 'technical',
    description: 'The H: and S: drives are gone after a reboot. Manual mapping works until the next restart.',
  },
  {
    title: 'Update phone number in directory',
    category: 'other',
    description: 'My mobile number in the company directory is outdated. New number: +44 7700 900123.',
  },
  {
    title: 'Zoom plugin missing in Outlook',
    category: 'software',
    description: 'The "Schedule a Zoom meeting" button disappeared from Outlook after the Office update.',
  },
  {
    title: 'Badge does not open server room',
    category: 'access',
    description:
      'My access badge no longer opens the server room door although I am on the infrastructure rota.',
  },
  {
    title: 'Blue screen on startup',
    category: 'hardware',
    description: 'My desktop shows a blue screen with "CRITICAL_PROCESS_DIED" at every startup.',
  },
  {
    title: 'Slow internet in warehouse office',
    category: 'technical',
    description: 'Speed tests in the warehouse office show 2 Mbit/s download. Usually about 100.',
  },
  {
    title: 'Restore deleted folder from file share',
    category: 'other',
    description:
      'I accidentally deleted the folder "Supplier contracts 2024" from the Procurement share yesterday afternoon.',
  },
  {
    title: 'SAP GUI error on login',
    category: 'software',
    description: 'SAP GUI shows "Partner not reached" when connecting to the production system.',
  },
  {
    title: 'Reset PIN for desk phone voicemail',
    category: 'access',
    description: 'I forgot my voicemail PIN for extension 2210.',
  },
  {
    title: 'Headset microphone too quiet',
    category: 'hardware',
    description: 'People say my voice is very quiet on calls with the Jabra headset, even at maximum level.',
  },
  {
    title: 'Git clone fails with SSL error',
    category: 'technical',
    description:
      'git clone from the internal GitLab fails with "SSL certificate problem: unable to get local issuer certificate".',
  },
  {
    title: 'Request project management tool',
    category: 'other',
    description: 'Our team would like to trial a kanban tool for the website relaunch. What is approved?',
  },
  {
    title: 'Word documents open read-only',
    category: 'software',
    description: 'Every Word document from SharePoint opens as read-only, even ones I created.',
  },
  {
    title: 'Guest Wi-Fi password for visitors',
    category: 'other',
    description: 'We have auditors on site next week. Please provide guest Wi-Fi access for three people.',
  },
  {
    title: 'Cannot access payroll system',
    category: 'access',
    description: 'Payroll shows "You are not authorised" since my role changed to HR Business Partner.',
  },
  {
    title: 'Mouse double-clicks on single click',
    category: 'hardware',
    description: 'My wireless mouse registers double clicks when I click once. Batteries are new.',
  },
  {
    title: 'Scheduled report email not arriving',
    category: 'technical',
    description: 'The daily 7:00 inventory report has not arrived for three days. Nothing in junk.',
  },
  {
    title: 'Teams channel deleted by mistake',
    category: 'software',
    description: 'A channel in the Marketing team was deleted by mistake yesterday. Can it be restored?',
  },
  {
    title: 'Contractor needs temporary VPN access',
    category: 'access',
    description: 'An external contractor needs VPN access for four weeks to work on the data migration.',
  },
  {
    title: 'Tablet screen cracked',
    category: 'hardware',
    description: 'The screen of my company iPad cracked after a fall. It still works but splinters.',
  },
  {
    title: 'DNS name for new internal service',
    category: 'technical',
    description: 'Please create reports.internal pointing to 10.20.4.15 for the new reporting service.',
  },
  {
    title: 'Feedback on the new help desk',
    category: 'other',
    description:
      'Just wanted to say the new help desk portal is much easier to use. Could we also get email updates on ticket changes?',
  },
];

export const AGENT_REPLIES = [
  'Thanks for reporting this. I am looking into it now and will update you within the hour.',
  'Could you send a screenshot of the error and tell me roughly when it started?',
  'I have applied a fix on our side. Please try again and let me know if the problem persists.',
  'I have scheduled a visit to your desk this afternoon to check the device.',
  'This needs approval from your manager; I have sent them the request.',
  'The change has been made. It can take up to 15 minutes to reach every system.',
];

export const REQUESTER_REPLIES = [
  'Thanks, it works again.',
  'Screenshot attached to my email. It started right after the restart this morning.',
  'Still the same for me, unfortunately.',
  'I will be at my desk from 14:00.',
  'Great, thank you for the quick help!',
];

export const INTERNAL_NOTES = [
  "Known issue after last night's patch window; linked to the problem record.",
  "Checked the logs: repeated failed sign-ins from the user's old device. Cleared cached credentials.",
  'Waiting on the vendor; case number VND-48211.',
  'Replacement part ordered, ETA two working days.',
  'User has asked about this before; consider a KB article.',
];

export type KbCategorySeed = { name: string; slug: string; description: string; icon: string };

export const KB_CATEGORIES: KbCategorySeed[] = [
  {
    name: 'Getting Started',
    slug: 'getting-started',
    description: 'First steps with your account, laptop and the help desk.',
    icon: 'Rocket',
  },
  {
    name: 'Accounts & Access',
    slug: 'accounts-access',
    description: 'Passwords, multi-factor authentication and permissions.',
    icon: 'KeyRound',
  },
  {
    name: 'Email & Calendar',
    slug: 'email-calendar',
    description: 'Outlook, shared mailboxes and meeting invitations.',
    icon: 'Mail',
  },
  {
    name: 'Network & VPN',
    slug: 'network-vpn',
    description: 'Wi-Fi, VPN and connecting from home.',
    icon: 'Wifi',
  },
  {
    name: 'Hardware',
    slug: 'hardware',
    description: 'Laptops, monitors, docking stations and printers.',
    icon: 'Laptop',
  },
  {
    name: 'Security',
    slug: 'security',
    description: 'Phishing, safe browsing and reporting incidents.',
    icon: 'Shield',
  },
];

export type KbArticleSeed = {
  title: string;
  category: string;
  status: 'draft' | 'published' | 'archived';
  excerpt: string;
  content: string;
  tags: string[];
  isPopular: boolean;
  viewCount: number;
};

export const KB_ARTICLES: KbArticleSeed[] = [
  {
    title: 'How to reset your password',
    category: 'accounts-access',
    status: 'published',
    excerpt: 'Reset a forgotten or expired password in a few minutes, without calling the help desk.',
    content:
      'If your password has expired or you have forgotten it:\n\n1. Open the self-service portal at https://password.example.com.\n2. Enter your username and solve the verification step.\n3. Confirm with the code sent to your registered phone.\n4. Choose a new password: at least 8 characters with upper and lower case letters, a number and a special character.\n\nYour new password works everywhere within 15 minutes. If the portal says your account is locked, open a ticket in the Access Request category.',
    tags: ['password', 'account', 'self-service'],
    isPopular: true,
    viewCount: 1284,
  },
  {
    title: 'Setting up multi-factor authentication',
    category: 'accounts-access',
    status: 'published',
    excerpt: 'Register the authenticator app so you can sign in securely from anywhere.',
    content:
      'Multi-factor authentication (MFA) is required for every account.\n\n1. Install Microsoft Authenticator on your phone.\n2. Go to https://aka.ms/mfasetup and sign in.\n3. Choose "Add sign-in method" and then "Authenticator app".\n4. Scan the QR code with the app and approve the test notification.\n\nChanging phones? Add the new phone before you reset the old one. Lost your phone? Open an Access Request ticket and we will verify your identity by video call.',
    tags: ['mfa', 'security', 'authenticator'],
    isPopular: true,
    viewCount: 932,
  },
  {
    title: 'Connecting to the VPN from home',
    category: 'network-vpn',
    status: 'published',
    excerpt: 'Install GlobalProtect and connect to company resources from outside the office.',
    content:
      'You need the VPN for file shares, the CRM and internal websites when working remotely.\n\n1. Install GlobalProtect from Software Center (Windows) or Self Service (Mac).\n2. Enter the portal address vpn.example.com.\n3. Sign in with your normal username and password and approve the MFA prompt.\n\nTroubleshooting:\n- "Authentication failed": check that your password has not expired.\n- Connected but nothing loads: disconnect, wait 10 seconds and reconnect.\n- Hotel or café Wi-Fi: open any website first to accept the network\'s terms.',
    tags: ['vpn', 'remote work', 'globalprotect'],
    isPopular: true,
    viewCount: 1570,
  },
  {
    title: 'Adding a shared mailbox to Outlook',
    category: 'email-calendar',
    status: 'published',
    excerpt: 'Shared mailboxes normally appear automatically; here is how to add one by hand.',
    content:
      'Once you have been given access, a shared mailbox appears in Outlook within an hour.\n\nIf it does not:\n1. In Outlook choose File > Account Settings > Account Settings.\n2. Select your account and choose Change > More Settings > Advanced.\n3. Under "Open these additional mailboxes" choose Add and type the mailbox address.\n4. Restart Outlook.\n\nIn Outlook on the web, right-click "Folders" and choose "Add shared folder or mailbox".',
    tags: ['outlook', 'email', 'shared mailbox'],
    isPopular: false,
    viewCount: 344,
  },
  {
    title: 'Fixing duplicate calendar invites',
    category: 'email-calendar',
    status: 'published',
    excerpt: 'Meeting invites showing up twice usually come from a second calendar app on your phone.',
    content:
      'Duplicate invites happen when two apps sync the same calendar.\n\n1. On your phone, open Settings > Calendar > Accounts.\n2. If your work account is listed there and you also use the Outlook app, turn off Calendar for the work account.\n3. Remove the duplicate entries once; new invites will arrive only once.\n\nStill seeing duplicates after a day? Open a Software Issue ticket.',
    tags: ['calendar', 'outlook', 'mobile'],
    isPopular: false,
    viewCount: 211,
  },
  {
    title: 'Your first day: laptop and accounts',
    category: 'getting-started',
    status: 'published',
    excerpt: 'What to expect on your first day and how to get set up in under an hour.',
    content:
      'Welcome aboard! On your first day:\n\n1. Collect your laptop from the IT desk (ground floor, 9:00-10:00).\n2. Sign in with the temporary password from your welcome email; you will be asked to change it.\n3. Set up multi-factor authentication (see "Setting up multi-factor authentication").\n4. Open Software Center and install anything your team uses.\n\nNeed help? Use this portal to open a ticket, or visit the IT desk.',
    tags: ['onboarding', 'new starter'],
    isPopular: true,
    viewCount: 688,
  },
  {
    title: 'How to open a good support ticket',
    category: 'getting-started',
    status: 'published',
    excerpt: 'A few details in your ticket save a lot of back and forth.',
    content:
      'Tickets with these details are solved fastest:\n\n- What you were trying to do, and what happened instead.\n- The exact error message (a screenshot is perfect).\n- When it started and whether anything changed (update, new device, new location).\n- How urgent it is: who is blocked and until when.\n\nChoose the category that fits best; the priority can be adjusted by the agent.',
    tags: ['tickets', 'help desk'],
    isPopular: false,
    viewCount: 402,
  },
  {
    title: 'Docking station troubleshooting',
    category: 'hardware',
    status: 'published',
    excerpt: 'Monitors, network or charging not working through the dock? Try these steps.',
    content:
      'Most dock problems are solved by a clean reconnect:\n\n1. Unplug the USB-C cable from the laptop and the dock\'s power cable for 30 seconds.\n2. Plug the power back in first, then the laptop.\n3. If monitors stay dark, press Windows+P and choose "Extend".\n4. Update the dock firmware from Software Center ("Dock Firmware Updater").\n\nFlickering monitors are often a worn cable: try another USB-C cable before opening a ticket.',
    tags: ['dock', 'monitor', 'usb-c'],
    isPopular: false,
    viewCount: 297,
  },
  {
    title: 'Printing on the office printers',
    category: 'hardware',
    status: 'published',
    excerpt: 'Add the follow-me print queue once and print on any office printer with your badge.',
    content:
      'All office printers share one queue:\n\n1. Open Settings > Printers and choose "Add a printer".\n2. Select "FollowMe-Print" from the list.\n3. Print as usual, then hold your badge to any printer and pick your job.\n\nJobs are kept for 24 hours. Blank or streaky pages: report the printer name (on its front label) in a Hardware Issue ticket.',
    tags: ['printing', 'printer', 'badge'],
    isPopular: false,
    viewCount: 515,
  },
  {
    title: 'Recognising phishing emails',
    category: 'security',
    status: 'published',
    excerpt: 'Spot the signs of phishing and report suspicious messages with one click.',
    content:
      'Warning signs:\n- Urgency ("your account will be closed today").\n- A sender address that does not match the company it claims to be.\n- Links whose address (hover to see it) is not what the text says.\n- Unexpected attachments, especially .zip, .html or macro-enabled Office files.\n\nUse the "Report phishing" button in Outlook. Clicked a link or entered your password? Change your password immediately and open a ticket so we can check your account.',
    tags: ['phishing', 'security', 'email'],
    isPopular: true,
    viewCount: 1103,
  },
  {
    title: 'Requesting access to a shared drive',
    category: 'accounts-access',
    status: 'published',
    excerpt: 'Access to team folders is granted by the folder owner through an Access Request ticket.',
    content:
      'To get access to a shared drive or folder:\n\n1. Open a ticket in the Access Request category.\n2. Give the full path (for example \\\\files\\finance\\reports) and whether you need read or read/write access.\n3. Name the folder owner or your manager, who approves the request.\n\nAccess normally works within one working day after approval. Sign out and in again if the folder does not appear.',
    tags: ['access', 'file share', 'permissions'],
    isPopular: false,
    viewCount: 378,
  },
  {
    title: 'Improving Wi-Fi in meeting rooms',
    category: 'network-vpn',
    status: 'published',
    excerpt: 'Use the corporate network, not guest Wi-Fi, and prefer cable for important calls.',
    content:
      'For stable video calls:\n\n- Connect to "Corp-WiFi", not "Guest".\n- Meeting rooms B and D have network sockets under the table; a cable always beats Wi-Fi.\n- Close large uploads (OneDrive sync) during calls.\n\nIf calls drop in one room repeatedly, open a Technical Support ticket with the room name and times.',
    tags: ['wifi', 'meetings', 'network'],
    isPopular: false,
    viewCount: 166,
  },
  {
    title: 'Using personal devices for work (draft)',
    category: 'security',
    status: 'draft',
    excerpt: 'What you may and may not do with personal phones and laptops.',
    content:
      'This policy is being reviewed with HR.\n\nDraft points:\n- Work email on personal phones only through the Outlook app.\n- No company files on personal laptops.\n- Lost personal device with work apps: report within 24 hours.',
    tags: ['byod', 'policy'],
    isPopular: false,
    viewCount: 0,
  },
  {
    title: 'Moving to the new CRM',
    category: 'getting-started',
    status: 'draft',
    excerpt: 'Timeline and training for the CRM migration.',
    content:
      'The CRM migration starts next quarter.\n\n- Training sessions: to be scheduled per team.\n- Data freeze: one weekend, date to be confirmed.\n- Questions: open a ticket in the Software Issue category.',
    tags: ['crm', 'migration'],
    isPopular: false,
    viewCount: 0,
  },
  {
    title: 'Connecting to the old VPN (Cisco AnyConnect)',
    category: 'network-vpn',
    status: 'archived',
    excerpt: 'Replaced by GlobalProtect. Kept for reference.',
    content:
      'AnyConnect was retired and replaced by GlobalProtect.\n\nSee "Connecting to the VPN from home" for the current instructions.',
    tags: ['vpn', 'anyconnect', 'legacy'],
    isPopular: false,
    viewCount: 2210,
  },
  {
    title: 'Windows 10 upgrade schedule',
    category: 'hardware',
    status: 'archived',
    excerpt: 'The Windows 11 rollout is complete; this schedule is no longer current.',
    content:
      'All laptops now run Windows 11.\n\nThis page described the rollout waves by department and is kept for the record.',
    tags: ['windows', 'upgrade'],
    isPopular: false,
    viewCount: 845,
  },
];
