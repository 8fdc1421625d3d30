/**
 * Icons for the marked cells and the seat states. The states use antd icons;
 * the coach furniture (steering wheel, door, toilet, stairs) has no antd icon,
 * so it is drawn here as tiny inline SVGs that follow the text colour.
 */
import type { ComponentType, ReactElement } from 'react';
import {
  CalendarOutlined,
  CheckOutlined,
  ClockCircleOutlined,
  LinkOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { SeatViewStatus } from './seat-map-model';

export type MarkerKind = 'DRIVER' | 'DOOR' | 'TOILET' | 'STAIRS';

const svgProps = {
  viewBox: '0 0 24 24',
  width: '1.25em',
  height: '1.25em',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

const MARKER_ICONS: Record<MarkerKind, () => ReactElement> = {
  DRIVER: () => (
    <svg {...svgProps}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="2.5" />
      <path d="M3.5 10.5h6M14.5 10.5h6M12 14.5V21" />
    </svg>
  ),
  DOOR: () => (
    <svg {...svgProps}>
      <path d="M5 21V3h11v18M3 21h18" />
      <path d="M13 12h.01" />
    </svg>
  ),
  TOILET: () => (
    <svg {...svgProps}>
      <path d="M7 3h6v7H7zM5 10h14a7 7 0 0 1-7 7H11l-1 4h6" />
    </svg>
  ),
  STAIRS: () => (
    <svg {...svgProps}>
      <path d="M3 21h5v-5h5v-5h5V6h3" />
    </svg>
  ),
};

export function MarkerIcon({ kind }: { kind: MarkerKind }): ReactElement {
  const Icon = MARKER_ICONS[kind];
  return <Icon />;
}

/**
 * Every state but "available" carries an icon, so the map never relies on
 * colour alone; "available" is the plain outlined seat.
 */
export const STATUS_ICONS: Record<SeatViewStatus, ComponentType | null> = {
  available: null,
  selected: CheckOutlined,
  lockedByMe: LockOutlined,
  lockedByOther: ClockCircleOutlined,
  sold: UserOutlined,
  booked: CalendarOutlined,
  adminBooked: SafetyCertificateOutlined,
  linked: LinkOutlined,
};
