/**
 * The demo world, as data. Fictional operators and agents; real city and
 * station names in English and Bengali. Order matters: ids follow it, so
 * the same seed always yields the same ids.
 */
import {
  PERMISSIONS,
  RESERVATION_PERMISSIONS,
  TICKET_OPERATION_PERMISSIONS,
  type Permission,
} from '@agent-portal/contract';

export const DEMO_COMPANIES = [
  { code: 'PADMA', name: 'Padma Paribahan', nameBn: 'পদ্মা পরিবহন' },
  { code: 'MEGHNA', name: 'Meghna Express', nameBn: 'মেঘনা এক্সপ্রেস' },
] as const;

export const DEMO_COUNTRIES = [
  { code: 'BD', name: 'Bangladesh', dialCode: '+880' },
  { code: 'IN', name: 'India', dialCode: '+91' },
  { code: 'NP', name: 'Nepal', dialCode: '+977' },
  { code: 'BT', name: 'Bhutan', dialCode: '+975' },
  { code: 'LK', name: 'Sri Lanka', dialCode: '+94' },
  { code: 'MM', name: 'Myanmar', dialCode: '+95' },
  { code: 'PK', name: 'Pakistan', dialCode: '+92' },
  { code: 'MY', name: 'Malaysia', dialCode: '+60' },
  { code: 'SG', name: 'Singapore', dialCode: '+65' },
  { code: 'SA', name: 'Saudi Arabia', dialCode: '+966' },
  { code: 'AE', name: 'United Arab Emirates', dialCode: '+971' },
  { code: 'QA', name: 'Qatar', dialCode: '+974' },
  { code: 'GB', name: 'United Kingdom', dialCode: '+44' },
  { code: 'US', name: 'United States', dialCode: '+1' },
] as const;

export const DEMO_CITIES = [
  {
    name: 'Dhaka',
    nameBn: 'ঢাকা',
    stations: [
      { name: 'Sayedabad', nameBn: 'সায়েদাবাদ' },
      { name: 'Gabtoli', nameBn: 'গাবতলী' },
      { name: 'Mohakhali', nameBn: 'মহাখালী' },
    ],
  },
  {
    name: 'Chattogram',
    nameBn: 'চট্টগ্রাম',
    stations: [
      { name: 'Dampara', nameBn: 'দামপাড়া' },
      { name: 'Oxygen', nameBn: 'অক্সিজেন' },
    ],
  },
  {
    name: 'Cumilla',
    nameBn: 'কুমিল্লা',
    stations: [
      { name: 'Cumilla Bypass', nameBn: 'কুমিল্লা বাইপাস' },
      { name: 'Jangalia', nameBn: 'জাঙ্গালিয়া' },
    ],
  },
  {
    name: 'Sylhet',
    nameBn: 'সিলেট',
    stations: [
      { name: 'Kadamtali', nameBn: 'কদমতলী' },
      { name: 'Humayun Rashid Chattar', nameBn: 'হুমায়ুন রশীদ চত্বর' },
    ],
  },
  {
    name: "Cox's Bazar",
    nameBn: 'কক্সবাজার',
    stations: [
      { name: 'Kolatoli', nameBn: 'কলাতলী' },
      { name: "Cox's Bazar Bus Terminal", nameBn: 'কক্সবাজার বাস টার্মিনাল' },
    ],
  },
  {
    name: 'Rajshahi',
    nameBn: 'রাজশাহী',
    stations: [{ name: 'Shiroil', nameBn: 'শিরোইল' }],
  },
] as const;

export type StationName = (typeof DEMO_CITIES)[number]['stations'][number]['name'];

export const DEMO_ROUTES: ReadonlyArray<{ company: string; code: string; name: string; stops: StationName[] }> = [
  {
    company: 'PADMA',
    code: 'DHK-CTG',
    name: 'Dhaka - Cumilla - Chattogram',
    stops: ['Sayedabad', 'Cumilla Bypass', 'Dampara'],
  },
  {
    company: 'PADMA',
    code: 'CTG-DHK',
    name: 'Chattogram - Cumilla - Dhaka',
    stops: ['Dampara', 'Cumilla Bypass', 'Sayedabad'],
  },
  {
    company: 'PADMA',
    code: 'DHK-COX',
    name: "Dhaka - Chattogram - Cox's Bazar",
    stops: ['Sayedabad', 'Oxygen', 'Kolatoli'],
  },
  { company: 'PADMA', code: 'DHK-SYL', name: 'Dhaka - Sylhet', stops: ['Mohakhali', 'Kadamtali'] },
  { company: 'PADMA', code: 'DHK-RAJ', name: 'Dhaka - Rajshahi', stops: ['Gabtoli', 'Shiroil'] },
  {
    company: 'MEGHNA',
    code: 'DHK-CTG',
    name: 'Dhaka - Cumilla - Chattogram',
    stops: ['Sayedabad', 'Jangalia', 'Oxygen'],
  },
  {
    company: 'MEGHNA',
    code: 'DHK-COX',
    name: "Dhaka - Chattogram - Cox's Bazar",
    stops: ['Sayedabad', 'Dampara', "Cox's Bazar Bus Terminal"],
  },
  { company: 'MEGHNA', code: 'DHK-SYL', name: 'Dhaka - Sylhet', stops: ['Sayedabad', 'Humayun Rashid Chattar'] },
  { company: 'MEGHNA', code: 'DHK-RAJ', name: 'Dhaka - Rajshahi', stops: ['Gabtoli', 'Shiroil'] },
];

export const DEMO_COACH_TYPES = ['AC Sleeper', 'AC Business', 'Non-AC Seater'] as const;
type CoachType = (typeof DEMO_COACH_TYPES)[number];

export const DEMO_COACHES: ReadonlyArray<{ company: string; code: string; type: CoachType }> = [
  { company: 'PADMA', code: 'P-101', type: 'AC Sleeper' },
  { company: 'PADMA', code: 'P-102', type: 'AC Business' },
  { company: 'PADMA', code: 'P-201', type: 'Non-AC Seater' },
  { company: 'PADMA', code: 'P-202', type: 'Non-AC Seater' },
  { company: 'MEGHNA', code: 'M-11', type: 'AC Business' },
  { company: 'MEGHNA', code: 'M-12', type: 'AC Sleeper' },
  { company: 'MEGHNA', code: 'M-21', type: 'Non-AC Seater' },
];

export const DEMO_DELAYED_CANCEL_REASONS = [
  { reason: 'Passenger fell ill', reasonBn: 'যাত্রী অসুস্থ' },
  { reason: 'Family emergency', reasonBn: 'পারিবারিক জরুরি অবস্থা' },
  { reason: 'Trip delayed by the operator', reasonBn: 'পরিবহন কর্তৃক যাত্রা বিলম্বিত' },
  { reason: 'Wrong ticket issued', reasonBn: 'ভুল টিকিট ইস্যু হয়েছে' },
  { reason: 'Passenger missed the reporting time', reasonBn: 'যাত্রী রিপোর্টিং সময় পার করেছেন' },
  { reason: 'Other', reasonBn: 'অন্যান্য' },
] as const;

export const DEMO_ROLES: ReadonlyArray<{ name: string; description: string; permissions: readonly Permission[] }> = [
  { name: 'Agent Administrator', description: 'Every agent permission', permissions: PERMISSIONS },
  { name: 'Counter Seller', description: 'Reservation screen only', permissions: RESERVATION_PERMISSIONS },
  {
    name: 'Postpaid Counter',
    description: 'Sales, ticket operations and account records',
    permissions: [
      ...RESERVATION_PERMISSIONS,
      ...TICKET_OPERATION_PERMISSIONS,
      'AGENT_PRINT_TICKET',
      'AGENT_VIEW_TRANSACTIONS',
      'AGENT_VIEW_COMMISSIONS',
      'AGENT_REPORT_USER_SALES_SUMMARY',
      'AGENT_REPORT_USER_SALES_DETAILS',
    ],
  },
];

export const DEMO_AGENTS = [
  {
    code: 'AG-1001',
    name: 'Shapla Travels',
    phone: '+8801711000100',
    outlets: [
      { code: 'OUT-1001', name: 'Motijheel Counter' },
      { code: 'OUT-1002', name: 'Uttara Counter' },
    ],
  },
  {
    code: 'AG-1002',
    name: 'Doel Tours & Travels',
    phone: '+8801711000200',
    outlets: [{ code: 'OUT-2001', name: 'Gabtoli Counter' }],
  },
  {
    code: 'AG-2001',
    name: 'Kapotaksha Enterprise',
    phone: '+8801811000300',
    outlets: [{ code: 'OUT-3001', name: 'Chawkbazar Counter' }],
  },
] as const;
type AgentCode = (typeof DEMO_AGENTS)[number]['code'];

/** Per agent and company: plan, opening ledger rows and sales settings. */
export const DEMO_ACCOUNTS: ReadonlyArray<{
  agent: AgentCode;
  company: string;
  plan: 'PREPAID' | 'POSTPAID';
  creditLimit: number | null;
  opening: { type: 'CREDIT' | 'DEBIT'; amount: number; kind: string; description: string } | null;
  assignedRoutes: string[];
  commissions: { route: string; type: 'PERCENT' | 'FIXED'; value: number }[];
  seatLimits: { coachType: CoachType; limit: number }[];
  barredCoaches: { coach: string; reason: string | null }[];
  barredOrigins: StationName[];
}> = [
  {
    agent: 'AG-1001',
    company: 'PADMA',
    plan: 'PREPAID',
    creditLimit: null,
    // ৳40,000 opening + the ৳10,000 approved demo deposit of seed/records.ts = the ৳50,000 balance the demo promises.
    opening: { type: 'CREDIT', amount: 40_000, kind: 'OPENING_DEPOSIT', description: 'Opening deposit' },
    assignedRoutes: ['DHK-CTG', 'CTG-DHK', 'DHK-COX', 'DHK-SYL'],
    commissions: [
      { route: 'DHK-CTG', type: 'PERCENT', value: 5 },
      { route: 'CTG-DHK', type: 'PERCENT', value: 5 },
      { route: 'DHK-COX', type: 'FIXED', value: 50 },
      { route: 'DHK-SYL', type: 'PERCENT', value: 2.5 },
    ],
    seatLimits: [
      { coachType: 'AC Sleeper', limit: 4 },
      { coachType: 'AC Business', limit: -999 },
      { coachType: 'Non-AC Seater', limit: 10 },
    ],
    barredCoaches: [{ coach: 'P-202', reason: 'Counter dues pending with the operator' }],
    barredOrigins: ['Cumilla Bypass'],
  },
  {
    agent: 'AG-1001',
    company: 'MEGHNA',
    plan: 'PREPAID',
    creditLimit: null,
    opening: { type: 'CREDIT', amount: 25_000, kind: 'OPENING_DEPOSIT', description: 'Opening deposit' },
    assignedRoutes: ['DHK-CTG', 'DHK-COX', 'DHK-SYL', 'DHK-RAJ'],
    commissions: [
      { route: 'DHK-CTG', type: 'PERCENT', value: 4 },
      { route: 'DHK-SYL', type: 'FIXED', value: 40 },
    ],
    seatLimits: [{ coachType: 'AC Business', limit: 6 }],
    barredCoaches: [],
    barredOrigins: [],
  },
  {
    agent: 'AG-1002',
    company: 'PADMA',
    plan: 'PREPAID',
    creditLimit: null,
    opening: { type: 'CREDIT', amount: 20_000, kind: 'OPENING_DEPOSIT', description: 'Opening deposit' },
    assignedRoutes: ['DHK-CTG', 'DHK-RAJ'],
    commissions: [
      { route: 'DHK-CTG', type: 'PERCENT', value: 3 },
      { route: 'DHK-RAJ', type: 'PERCENT', value: 3 },
    ],
    seatLimits: [{ coachType: 'Non-AC Seater', limit: 8 }],
    barredCoaches: [],
    barredOrigins: [],
  },
  {
    agent: 'AG-2001',
    company: 'MEGHNA',
    plan: 'POSTPAID',
    creditLimit: 100_000,
    opening: { type: 'DEBIT', amount: 12_500, kind: 'OPENING_BILL', description: 'Bill carried over' },
    assignedRoutes: ['DHK-CTG', 'DHK-COX'],
    commissions: [{ route: 'DHK-COX', type: 'FIXED', value: 30 }],
    seatLimits: [{ coachType: 'AC Sleeper', limit: -999 }],
    barredCoaches: [{ coach: 'M-21', reason: null }],
    barredOrigins: [],
  },
  {
    agent: 'AG-2001',
    company: 'PADMA',
    plan: 'POSTPAID',
    creditLimit: 50_000,
    opening: null,
    assignedRoutes: ['DHK-SYL', 'DHK-RAJ'],
    commissions: [{ route: 'DHK-SYL', type: 'PERCENT', value: 3.5 }],
    seatLimits: [],
    barredCoaches: [],
    barredOrigins: [],
  },
];

export interface DemoUser {
  username: string;
  password: string;
  fullName: string;
  phone: string;
  email: string;
  agent: AgentCode;
  outlet: string;
  roles: string[];
  companies: string[];
  /** Days until the password expires; null = never expires (demo default). */
  passwordExpiresInDays: number | null;
  note: string;
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'agent',
    password: 'Agent@123',
    fullName: 'Rahim Uddin',
    phone: '+8801711000001',
    email: 'agent@shapla.example',
    agent: 'AG-1001',
    outlet: 'OUT-1001',
    roles: ['Agent Administrator'],
    companies: ['PADMA', 'MEGHNA'],
    passwordExpiresInDays: null,
    note: 'every permission, prepaid (৳50,000 opening balance), both companies',
  },
  {
    username: 'seller',
    password: 'Seller@123',
    fullName: 'Karim Hossain',
    phone: '+8801711000002',
    email: 'seller@doel.example',
    agent: 'AG-1002',
    outlet: 'OUT-2001',
    roles: ['Counter Seller'],
    companies: ['PADMA'],
    passwordExpiresInDays: null,
    note: 'the six reservation permissions only, one company',
  },
  {
    username: 'postpaid',
    password: 'Postpaid@123',
    fullName: 'Nasima Akter',
    phone: '+8801811000003',
    email: 'postpaid@kapotaksha.example',
    agent: 'AG-2001',
    outlet: 'OUT-3001',
    roles: ['Postpaid Counter'],
    companies: ['MEGHNA', 'PADMA'],
    passwordExpiresInDays: null,
    note: 'postpaid plan with a credit limit, sales and ticket operations',
  },
  {
    username: 'expiring',
    password: 'Expiring@123',
    fullName: 'Jamal Ahmed',
    phone: '+8801911000004',
    email: 'expiring@shapla.example',
    agent: 'AG-1001',
    outlet: 'OUT-1002',
    roles: ['Counter Seller'],
    companies: ['PADMA'],
    passwordExpiresInDays: 3,
    note: 'password expires in 3 days (shows the expiry banner)',
  },
];
