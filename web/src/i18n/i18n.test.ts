import { describe, expect, it } from 'vitest';
import { chartDayLabel, daysInRange, formatElapsed, formatHours, formatTime, formatTimeZone, laterDayOf, localDateKey } from './format.ts';
import { en } from './messages.en.ts';
import { es } from './messages.es.ts';
import { agreeSpanishHour, pickLanguage, translate } from './translate.ts';

describe('message catalogues', () => {
  it('have the same keys in English and Spanish, none empty, with the same placeholders', () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as Array<keyof typeof en>) {
      expect(es[key].trim(), key).not.toBe('');
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(es[key]), key).toEqual(names(en[key]));
    }
  });

  it('name the controls a test relies on', () => {
    expect([en['signIn.phone'], en['signIn.pin'], en['signIn.submit'], en['home.clockIn'], en['home.clockOut'], en['hours.submit'], en.signOut]).toEqual(['Phone', 'PIN', 'Sign in', 'Clock in', 'Clock out', 'Submit timesheet', 'Sign out']);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('es', 'queue.clockIns.other', { count: 3 })).toBe('3 entradas');
    expect(translate('en', 'home.greeting')).toBe('Hello, {name}');
  });

  it('agrees the Spanish article with the hour: a la 1:05, a las 3:05, a las 10:05 and 11:05', () => {
    expect(translate('es', 'confirm.clockedIn', { time: '1:05 p.m.' })).toBe('Entrada marcada a la 1:05 p.m.');
    expect(translate('es', 'confirm.clockedIn', { time: '3:05 p.m.' })).toBe('Entrada marcada a las 3:05 p.m.');
    expect(translate('es', 'confirm.clockedIn', { time: '10:05 a.m.' })).toBe('Entrada marcada a las 10:05 a.m.');
    expect(translate('es', 'confirm.clockedIn', { time: '11:05 a.m.' })).toBe('Entrada marcada a las 11:05 a.m.');
    expect(agreeSpanishHour('horas extra desde las 1:30 p.m. si sigue en turno')).toBe('horas extra desde la 1:30 p.m. si sigue en turno');
    // English is left as it is.
    expect(translate('en', 'confirm.clockedIn', { time: '1:05 PM' })).toBe('Clocked in at 1:05 PM');
  });

  it.each([
    [['es-MX', 'en-US'], 'es'],
    [['fr-FR', 'es'], 'es'],
    [['en-GB'], 'en'],
    [['de-DE'], 'en'],
    [[], 'en'],
  ] as const)('picks %j -> %s', (languages, expected) => {
    expect(pickLanguage(languages)).toBe(expected);
  });
});

describe('formatting in the organization’s time zone', () => {
  it('shows a UTC instant at the local time of the zone, not the device’s', () => {
    expect(formatTime('2026-03-02T14:05:00.000Z', 'America/New_York', 'en')).toBe('9:05 AM');
    expect(formatTime('2026-03-02T14:05:00.000Z', 'America/Los_Angeles', 'en')).toBe('6:05 AM');
    expect(formatTime('2026-03-02T14:05:00.000Z', 'Europe/Madrid', 'es')).toMatch(/^3:05\s?p/);
  });

  it('groups by the local date: 03:30 UTC is still the previous evening in New York', () => {
    expect(localDateKey('2026-03-03T03:30:00.000Z', 'America/New_York')).toBe('2026-03-02');
  });

  it('names the later day of a clock out past local midnight, and nothing on the same day', () => {
    const zone = 'America/New_York';
    // 7:45 PM Tuesday to 4:45 AM Wednesday in New York (both Wednesday in UTC).
    expect(laterDayOf('2026-11-11T00:45:00Z', '2026-11-11T09:45:00Z', zone, 'en')).toBe('Wed');
    expect(laterDayOf('2026-11-11T00:45:00Z', '2026-11-11T09:45:00Z', zone, 'es')).toBe('mié');
    // 9 AM to 11:30 PM the same local day, though the clock out is the next day in UTC.
    expect(laterDayOf('2026-11-10T14:00:00Z', '2026-11-11T04:30:00Z', zone, 'en')).toBeNull();
    // Open for a week: the weekday alone would be ambiguous.
    expect(laterDayOf('2026-11-10T14:00:00Z', '2026-11-17T15:00:00Z', zone, 'en')).toBe('Tue, Nov 17');
  });

  it('lists each day of a week once across the DST change (8 March 2026 in New York)', () => {
    const days = daysInRange('2026-03-02T05:00:00.000Z', '2026-03-09T03:59:59.999Z', 'America/New_York');
    expect(days).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08']);
  });

  it('labels a chart day with a weekday no other day of the week shares, in each language', () => {
    // 2026-03-01 is a Sunday: a fortnight's narrow labels, Sunday to Saturday.
    const week = (lang: 'en' | 'es') => daysInRange('2026-03-01T12:00:00Z', '2026-03-07T12:00:00Z', 'UTC').map((day) => chartDayLabel(day, lang, 14).weekday);
    expect(week('es')).toEqual(['D', 'L', 'M', 'X', 'J', 'V', 'S']);
    expect(week('en')).toEqual(['S', 'M', 'T', 'W', 'T', 'F', 'S']);
    expect(chartDayLabel('2026-03-04', 'es', 7)).toEqual({ weekday: 'mié', day: '4' });
  });

  it('shows hours with two decimals in each language', () => {
    expect(formatHours(7.5, 'en')).toBe('7.50');
    expect(formatHours(1234.5, 'en')).toBe('1,234.50');
    expect(formatHours(0, 'es')).toBe('0.00');
  });

  it('names a time zone as people do, with its place, in each language', () => {
    const cases: Array<[zone: string, lang: 'en' | 'es', name: string]> = [
      ['America/New_York', 'en', 'Eastern Time (New York)'],
      ['America/New_York', 'es', 'hora oriental (New York)'],
      ['America/Los_Angeles', 'en', 'Pacific Time (Los Angeles)'],
      ['America/Argentina/Buenos_Aires', 'es', 'hora estándar de Argentina (Buenos Aires)'],
      // Intl writes UTC as "GMT+00:00"; it keeps its own name, as the fixed Etc zones do.
      ['UTC', 'es', 'UTC'],
      ['Etc/GMT+5', 'en', 'GMT+5'],
      ['Not/AZone', 'en', 'Not/AZone'],
    ];
    expect(cases.map(([zone, lang]) => formatTimeZone(zone, lang))).toEqual(cases.map(([, , name]) => name));
  });

  it('runs a timer as h:mm:ss and never below zero', () => {
    expect(formatElapsed(0)).toBe('0:00:00');
    expect(formatElapsed((3 * 3600 + 5 * 60 + 9) * 1000 + 999)).toBe('3:05:09');
    expect(formatElapsed(-5000)).toBe('0:00:00');
  });
});
