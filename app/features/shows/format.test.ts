import { describe, expect, it } from 'vitest';
import { countryName, formatDistance, languageNames, locationText, showPath } from './format.ts';

describe('show formats', () => {
  it('names languages and countries in the interface language', () => {
    expect(languageNames(['de', 'en'], 'en')).toEqual(['German', 'English']);
    expect(languageNames(['de', 'en'], 'de')).toEqual(['Deutsch', 'Englisch']);
    expect(countryName('AT', 'de')).toBe('Österreich');
    expect(countryName('ch', 'en')).toBe('Switzerland');
    expect(countryName('Germany', 'de')).toBe('Germany');
  });

  it('writes the location with the distance of a geo search', () => {
    const show = { location: { city: 'Kiel', country: 'DE' }, distance: null };
    expect(locationText(show, 'en')).toBe('Kiel, Germany');
    expect(locationText({ ...show, distance: 12.4 }, 'de')).toBe('Kiel, Deutschland · 12 km');
    expect(locationText({ location: { city: '', country: '' }, distance: 2.25 }, 'de')).toBe('2,3 km');
    expect(locationText({ location: { city: '', country: '' }, distance: null }, 'en')).toBe('');
    expect(formatDistance(3.25, 'en')).toBe('3.3');
  });

  it('links the show page with encoded id and slug', () => {
    expect(showPath({ universalId: 'a b', slugName: 'änna' })).toBe('/chat/a%20b/%C3%A4nna');
  });
});
