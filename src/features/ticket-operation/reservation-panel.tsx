import { Alert, Card, Divider, Flex } from 'antd';
import { ReservationAction, type Reservation } from '@agent-portal/contract';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { permissionsOf } from '../../lib/access';
import { toApiError, type ApiError } from '../../lib/api/api-error';
import { reasonMessage } from '../../lib/api/error-messages';
import { notify } from '../../lib/notify/notifier';
import { now as serverNow } from '../../lib/format';
import { useProfile } from '../../lib/queries/profile';
import { useAfterChange } from './api/after-change';
import { useBoardingPoints, useChangeBoardingPoint } from './api/boarding-points';
import { useDelayedCancel } from './api/delayed-cancel';
import type { TicketLookup } from './api/keys';
import type { TicketOperationBody } from './api/ticket-operation';
import { ActionBar, type CancelChoice } from './action-bar';
import { currentBoardingPoint, laterBoardingPoints, mayChangeBoarding } from './boarding-points';
import { BoardingPointDialog } from './dialogs/boarding-point-dialog';
import { CancelDialog } from './dialogs/cancel-dialog';
import { ConfirmDialog } from './dialogs/confirm-dialog';
import { DelayedCancelDialog } from './dialogs/delayed-cancel-dialog';
import { ExtendDialog } from './dialogs/extend-dialog';
import { HistoryTable } from './history-table';
import { isNoAnswer } from '../../lib/idempotency';
import { isActiveSeat, offeredActions, type OfferedActions } from './offered-actions';
import { ReservationDetails } from './reservation-details';
import { SeatTable } from './seat-table';
import { usePrint } from './use-print';

type Dialog = 'confirm' | 'cancel' | 'delayed' | 'extend' | 'boarding' | null;

export interface Operation {
  run: (body: TicketOperationBody) => Promise<Reservation | null>;
  isPending: boolean;
}

/** What the screen's Ctrl+P reaches: this ticket's print, when its status and the user's permissions allow it. */
export interface ReservationPanelHandle {
  print: () => void;
}

interface Props {
  handle?: Ref<ReservationPanelHandle>;
  reservation: Reservation;
  lookup: TicketLookup;
  operation: Operation;
  resending: boolean;
  onResendPin: () => void;
}

/** Actions that move money: the account chip refreshes after them. */
const MONEY_ACTIONS: readonly number[] = [
  ReservationAction.CONFIRM_BOOKING,
  ReservationAction.CANCEL_TICKET,
  ReservationAction.CONFIRM_ADMIN_BOOKING,
  ReservationAction.CONFIRM_LINKED,
];

function cancelChoiceOf(offered: OfferedActions, reservation: Reservation, selected: string[]): CancelChoice | null {
  if (!offered.cancel) return null;
  const active = reservation.seats.filter(isActiveSeat).map((s) => s.name);
  const picked = selected.filter((name) => active.includes(name));
  const whole = picked.length === 0 || picked.length >= active.length;
  return whole ? { seats: null, allowed: offered.cancel.whole } : { seats: picked, allowed: offered.cancel.partial };
}

/** The reservation, its seats, the actions it allows and its history. Keyed by PNR: a new ticket starts clean. */
export function ReservationPanel({ handle, reservation, lookup, operation, resending, onResendPin }: Props) {
  const { t, i18n } = useTranslation('ticket-operation');
  const profile = useProfile().data;
  const granted = permissionsOf(profile);
  const after = useAfterChange();
  const delayedCancel = useDelayedCancel();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<string[]>([]);
  // The server said the cut-off passed; with a zero fare the figures alone cannot show it.
  const [cancelClosed, setCancelClosed] = useState(false);
  const { print, printing } = usePrint(() => after(lookup, { moneyMoved: false }));

  const offered = offeredActions(reservation, granted, serverNow(), cancelClosed);
  const cancelChoice = cancelChoiceOf(offered, reservation, selected);
  const boardingList = useBoardingPoints(reservation.pnr).data;
  const changeBoarding = useChangeBoardingPoint();
  const boardingPoint = currentBoardingPoint(boardingList, reservation);
  // The profile is the current company's: its barred origins say nothing of another company's ticket.
  const barred =
    profile && profile.company.id === reservation.companyId ? profile.barredOrigins.map((o) => o.stationId) : [];
  const laterStops = laterBoardingPoints(boardingList, reservation, barred);
  // Sold or booked, the permission that cancels it, the coach not yet gone, and a later stop to move to.
  const boardingChangeOffered =
    boardingPoint !== undefined && laterStops.length > 0 && mayChangeBoarding(reservation, granted, serverNow());
  const busy = operation.isPending || delayedCancel.isPending || changeBoarding.isPending;
  const stationName = (s: { name: string; nameBn: string }) => (i18n.language === 'bn' && s.nameBn ? s.nameBn : s.name);
  /** A stop named in the history's remarks (the server writes the English name), in the screen's language. */
  const stopName = (name: string) => {
    const stop = boardingList?.find((s) => s.name === name);
    return stop ? stationName(stop) : name;
  };

  const operate = async (body: Omit<TicketOperationBody, 'pnr' | 'pin'>) => {
    const answer = await operation.run({ ...lookup, ...body });
    if (!answer) return false;
    notify('success', t(`success.${body.action}`));
    setSelected([]);
    after(lookup, { answer, moneyMoved: MONEY_ACTIONS.includes(body.action) });
    return true;
  };

  /** A refused cancel (already toasted by callApi): the reservation changed under the agent; show it as it is now. */
  const onCancelRefused = (error: ApiError) => {
    if (isNoAnswer(error)) return;
    if (error.reason === 'RESERVATION_CANCEL_TIME_EXPIRED') {
      setCancelClosed(true);
      setDialog(null);
    }
    after(lookup, { moneyMoved: false });
  };

  /** The fare is kept, so no money moves; a refusal (toasted by callApi) reloads the ticket as it is now. */
  const moveBoarding = async (stationId: number) => {
    try {
      const answer = await changeBoarding.run({ ...lookup, stationId });
      if (!answer) return false;
      notify('success', t('success.boarding', { stop: stationName(answer.origin) }));
      after(lookup, { answer, moneyMoved: false });
      return true;
    } catch (error) {
      if (!isNoAnswer(toApiError(error))) after(lookup, { moneyMoved: false });
      throw error;
    }
  };

  const requestDelayedCancel = async (request: { reasonId: number; remarks?: string }) => {
    await delayedCancel.mutateAsync({ ...lookup, ...request });
    notify('success', t('success.delayed'));
    after(lookup, { moneyMoved: false });
  };

  useImperativeHandle(handle, () => ({ print: () => void (offered.print && print(reservation)) }), [
    offered.print,
    print,
    reservation,
  ]);

  // The focus goes where the next keystroke belongs: a ticket just looked up, its first action (Enter does it, Tab
  // moves on). Once per ticket (the panel is keyed by PNR), and only from the look-up (or nowhere: its fields are
  // disabled while it searches): an agent already elsewhere keeps the focus.
  const actionsRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest('form')) return;
    actionsRef.current?.querySelector<HTMLButtonElement>('button:not([disabled])')?.focus();
  }, []);

  const partialSelection = offered.cancel?.partial ? { selected, onChange: setSelected } : undefined;

  return (
    <Flex vertical gap={16}>
      <Card title={t('details.title')} role="region" aria-label={t('details.title')}>
        <ReservationDetails reservation={reservation} boardingPoint={boardingPoint} />
      </Card>
      {/* Seats and actions together: the seat checkboxes choose what the cancel button cancels. */}
      <Card title={t('common:fields.seats')}>
        <SeatTable seats={reservation.seats} selection={partialSelection} />
        <Divider titlePlacement="start" plain style={{ marginBlock: 16 }}>
          {t('actions.title')}
        </Divider>
        {cancelClosed && !offered.delayedCancel && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            title={reasonMessage('RESERVATION_CANCEL_TIME_EXPIRED')}
          />
        )}
        <div ref={actionsRef}>
          <ActionBar
            offered={offered}
            cancelChoice={cancelChoice}
            busy={busy}
            printing={printing}
            resending={resending}
            onConfirm={() => setDialog('confirm')}
            onCancel={() => setDialog('cancel')}
            onDelayedCancel={() => setDialog('delayed')}
            onExtend={() => setDialog('extend')}
            {...(boardingChangeOffered ? { onChangeBoarding: () => setDialog('boarding') } : {})}
            onResendPin={onResendPin}
            onPrint={() => void print(reservation)}
          />
        </div>
      </Card>
      <Card title={t('history.title')}>
        <HistoryTable pnr={reservation.pnr} stopName={stopName} />
      </Card>

      {dialog === 'confirm' && offered.confirm && (
        <ConfirmDialog
          reservation={reservation}
          action={offered.confirm}
          pending={operation.isPending}
          onSubmit={() => operate({ action: offered.confirm! })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'cancel' && offered.cancel && cancelChoice && (
        <CancelDialog
          reservation={reservation}
          action={offered.cancel.action}
          seats={cancelChoice.seats}
          pending={operation.isPending}
          onSubmit={(returnAmount) =>
            operate({
              action: offered.cancel!.action,
              ...(cancelChoice.seats ? { seats: cancelChoice.seats } : {}),
              ...(returnAmount !== undefined ? { returnAmount } : {}),
            })
          }
          onRefused={onCancelRefused}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'extend' && offered.extend && (
        <ExtendDialog
          reservation={reservation}
          pending={operation.isPending}
          onSubmit={(expirationTime) => operate({ action: ReservationAction.EXTEND_BOOKING_TIME, expirationTime })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'boarding' && boardingChangeOffered && boardingPoint && (
        <BoardingPointDialog
          reservation={reservation}
          current={boardingPoint}
          later={laterStops}
          pending={changeBoarding.isPending}
          onSubmit={moveBoarding}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'delayed' && (
        <DelayedCancelDialog
          pending={delayedCancel.isPending}
          onSubmit={requestDelayedCancel}
          onClose={() => setDialog(null)}
        />
      )}
    </Flex>
  );
}
