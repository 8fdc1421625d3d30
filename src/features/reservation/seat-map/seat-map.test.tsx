import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SeatInfo } from './seat-map-model';
import { renderSeatMap } from './test-support/render-seat-map';
import { businessCoach, sleeperCoach, standardCoach } from './test-support/coach-fixtures';

const seats = () => screen.getAllByRole('button', { name: /^(Seat|আসন) / });
const seat = (name: string) => screen.getByRole('button', { name: new RegExp(`^Seat ${name},`) });
const noop = () => {};

describe('SeatMap', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it.each([
    ['2+2 standard', standardCoach(), 41],
    ['2+1 business', businessCoach(), 28],
    ['two-deck sleeper', sleeperCoach(), 60],
  ])('draws every seat of the %s coach', async (_name, coach, count) => {
    await renderSeatMap({ ...coach, onToggle: noop, onInspect: noop });
    expect(seats()).toHaveLength(count);
  });

  it('places cells on the grid, berths spanning two rows, with the cabin and decks marked', async () => {
    await renderSeatMap({ ...sleeperCoach(), onToggle: noop, onInspect: noop });
    expect(seat('L1')).toHaveStyle({ gridRow: '2 / span 2', gridColumn: '1 / span 1' });
    expect(seat('U1')).toHaveStyle({ gridRow: '1 / span 2' });
    const lower = screen.getByRole('region', { name: 'Lower deck' });
    const upper = screen.getByRole('region', { name: 'Upper deck' });
    expect(within(lower).getAllByRole('button')).toHaveLength(30);
    expect(within(upper).getAllByRole('button')).toHaveLength(30);
    expect(within(lower).getByRole('img', { name: 'Driver' })).toBeInTheDocument();
    expect(within(lower).getByRole('img', { name: 'Door' })).toBeInTheDocument();
    expect(within(lower).getByRole('img', { name: 'Toilet' })).toBeInTheDocument();
    expect(within(lower).getByRole('img', { name: 'Stairs' })).toBeInTheDocument();
    // The upper deck has no driver cell but still shows the driver's side.
    expect(within(upper).getByRole('img', { name: 'Driver' })).toBeInTheDocument();
  });

  it('counts every state in the legend', async () => {
    const coach = standardCoach({
      status: { A1: 1, A2: 1, B1: 2, B2: 3, C1: 13 },
      lockedBy: { D1: 'OTHER', D2: 'ME' },
    });
    await renderSeatMap({ ...coach, initial: ['E1', 'E2'], onToggle: noop, onInspect: noop });
    const legend = screen.getByRole('list', { name: 'Seat status' });
    const items = within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Available: 32',
      'Selected: 2',
      'Held by you: 1',
      'Held by another counter: 1',
      'Sold: 2',
      'Booked: 1',
      'Admin booked: 1',
      'Linked: 1',
    ]);
  });

  it('names each seat with its type, state and fare, and marks the chosen ones pressed', async () => {
    const coach = standardCoach({ status: { A2: 1 }, lockedBy: { A3: 'OTHER' } });
    await renderSeatMap({ ...coach, initial: ['A4'], onToggle: noop, onInspect: noop });
    expect(screen.getByRole('button', { name: 'Seat A1, Standard, available, ৳ 1,200.00' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Seat A2, Standard, sold, ৳ 1,200.00' })).not.toHaveAttribute(
      'aria-pressed',
    );
    expect(
      screen.getByRole('button', { name: 'Seat A3, Standard, held by another counter, ৳ 1,200.00' }),
    ).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Seat A4, Standard, selected, ৳ 1,200.00' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('speaks Bengali when the language is Bengali', async () => {
    await renderSeatMap({ ...sleeperCoach(), onToggle: noop, onInspect: noop }, 'bn');
    expect(screen.getByRole('button', { name: 'আসন L1, স্লিপার, খালি, ৳ ২,৫০০.০০' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'উপরের তলা' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'আসনের অবস্থা' })).toHaveTextContent('খালি: ৬০');
  });

  it('toggles a seat by click, and refuses a sixth seat with a message', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    await renderSeatMap({ ...standardCoach(), initial: ['A1', 'A2', 'A3', 'A4'], onToggle, onInspect: noop });

    await user.click(seat('B1'));
    expect(onToggle).toHaveBeenLastCalledWith('B1');
    expect(seat('B1')).toHaveAttribute('aria-pressed', 'true');

    await user.click(seat('B2'));
    expect(onToggle).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('You can select at most 5 seats in one reservation.');
    expect(seat('B2')).toHaveAttribute('aria-pressed', 'false');

    // Unselecting is always allowed, and clears the message.
    await user.click(seat('A1'));
    expect(onToggle).toHaveBeenLastCalledWith('A1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('honours a custom limit and reports it', async () => {
    const user = userEvent.setup();
    const onLimitExceeded = vi.fn();
    await renderSeatMap({
      ...businessCoach(),
      maxSelectable: 1,
      initial: ['A1'],
      onToggle: noop,
      onInspect: noop,
      onLimitExceeded,
    });
    await user.click(seat('A2'));
    expect(onLimitExceeded).toHaveBeenCalledWith(1);
    expect(screen.getByRole('alert')).toHaveTextContent('You can select only 1 seat in one reservation.');
  });

  it('opens the holder of a sold, booked, admin-booked or linked seat instead of toggling it', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    const onInspect = vi.fn<(seat: SeatInfo) => void>();
    const coach = standardCoach({
      status: { C1: 1, C2: 2, C3: 3, C4: 13 },
      pnr: { C1: 'PNR0000001' },
      lockedBy: { D1: 'OTHER' },
    });
    await renderSeatMap({ ...coach, onToggle, onInspect });

    await user.click(seat('C1'));
    expect(onInspect).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'C1', status: 1, pnr: 'PNR0000001' }));
    for (const name of ['C2', 'C3', 'C4']) await user.click(seat(name));
    expect(onInspect.mock.calls.map(([s]) => s.name)).toEqual(['C1', 'C2', 'C3', 'C4']);

    // A seat another counter is holding does nothing.
    await user.click(seat('D1'));
    expect(onToggle).not.toHaveBeenCalled();
    expect(onInspect).toHaveBeenCalledTimes(4);
  });

  it('ignores a seat whose lock request is in flight and says it is busy', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    await renderSeatMap({ ...standardCoach(), pendingSeats: new Set(['A1']), onToggle, onInspect: noop });
    const busy = screen.getByRole('button', { name: 'Seat A1, Standard, available, ৳ 1,200.00, updating' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    await user.click(busy);
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('is one tab stop, moves with the arrows across the aisle and decks, and toggles with Space and Enter', async () => {
    const user = userEvent.setup();
    const onToggle = vi.fn();
    await renderSeatMap({ ...sleeperCoach({ status: { L2: 1 } }), onToggle, onInspect: noop });

    expect(seats().filter((button) => button.tabIndex === 0)).toHaveLength(1);
    await user.tab();
    expect(seat('L1')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(seat('L2')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(seat('U1')).toHaveFocus();
    expect(seats().filter((button) => button.tabIndex === 0)).toEqual([seat('U1')]);

    await user.keyboard(' ');
    expect(onToggle).toHaveBeenLastCalledWith('U1');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(seat('U4')).toHaveFocus();
    expect(onToggle).toHaveBeenLastCalledWith('U4');

    // Leaving and coming back lands on the seat last used.
    await user.tab({ shift: true });
    await user.tab();
    expect(seat('U4')).toHaveFocus();
  });
});
