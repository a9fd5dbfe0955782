/**
 * Hours English mail writes without "am" or "pm": "dinner Friday at 7", "pickup at 3:15", "from
 * 12:00 to 1:30". Afternoon far more often than 1 to 7 in the morning.
 */
import type { DateMention } from './dates.js';

type EndTime = NonNullable<DateMention['endTime']>;

/** An hour from 1 to 7 is after noon, unless a 24-hour form ("07:00") or a morning word keeps it (`around`: the mention and what follows it). */
export function afternoonHour(hour: number, around: string): number {
  return hour >= 1 && hour <= 7 && !/\b0\d[:.]\d\d|\b(?:am|a\.m\.|morning|breakfast|dawn|sunrise)\b/i.test(around) ? hour + 12 : hour;
}

/**
 * "from 12:00 to 1:30": a range's end before its start is after noon the same day. chrono rolls
 * such an end over to the next day, or leaves its day uncertain.
 */
export function afternoonEnd(end: EndTime, start: { year: number; month: number; day: number; hour: number }, endDayCertain: boolean): EndTime {
  const rolledOver = Date.UTC(end.year, end.month - 1, end.day) - Date.UTC(start.year, start.month - 1, start.day) === 86400000;
  if ((rolledOver || !endDayCertain) && end.hour < start.hour && end.hour >= 1 && end.hour <= 11)
    return { year: start.year, month: start.month, day: start.day, hour: end.hour + 12, minute: end.minute };
  return end;
}
