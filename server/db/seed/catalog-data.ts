/**
 * Word lists and text templates of the demo catalogue: names, places, tags and bilingual texts.
 * German texts address the reader formally ("Sie").
 */

export type Pair = { en: string; de: string };

export const TAGS: { slug: string; en: string; de: string }[] = [
  { slug: 'blonde', en: 'Blonde', de: 'Blond' },
  { slug: 'brunette', en: 'Brunette', de: 'Brünett' },
  { slug: 'redhead', en: 'Redhead', de: 'Rothaarig' },
  { slug: 'black-hair', en: 'Black hair', de: 'Schwarze Haare' },
  { slug: 'long-hair', en: 'Long hair', de: 'Lange Haare' },
  { slug: 'short-hair', en: 'Short hair', de: 'Kurze Haare' },
  { slug: 'glasses', en: 'Glasses', de: 'Brille' },
  { slug: 'tattoo', en: 'Tattoos', de: 'Tattoos' },
  { slug: 'piercing', en: 'Piercings', de: 'Piercings' },
  { slug: 'curvy', en: 'Curvy', de: 'Kurvig' },
  { slug: 'petite', en: 'Petite', de: 'Zierlich' },
  { slug: 'sporty', en: 'Sporty', de: 'Sportlich' },
  { slug: 'dance', en: 'Dance', de: 'Tanz' },
  { slug: 'yoga', en: 'Yoga', de: 'Yoga' },
  { slug: 'cosplay', en: 'Cosplay', de: 'Cosplay' },
  { slug: 'roleplay', en: 'Role play', de: 'Rollenspiel' },
  { slug: 'lingerie', en: 'Lingerie', de: 'Dessous' },
  { slug: 'stockings', en: 'Stockings', de: 'Strümpfe' },
  { slug: 'high-heels', en: 'High heels', de: 'High Heels' },
  { slug: 'romantic', en: 'Romantic', de: 'Romantisch' },
  { slug: 'funny', en: 'Funny', de: 'Lustig' },
  { slug: 'shy', en: 'Shy', de: 'Schüchtern' },
  { slug: 'talkative', en: 'Talkative', de: 'Gesprächig' },
  { slug: 'music', en: 'Music', de: 'Musik' },
  { slug: 'gaming', en: 'Gaming', de: 'Gaming' },
  { slug: 'fitness', en: 'Fitness', de: 'Fitness' },
  { slug: 'outdoor', en: 'Outdoor', de: 'Draußen' },
  { slug: 'beach', en: 'Beach', de: 'Strand' },
  { slug: 'couple', en: 'Couple', de: 'Paar' },
  { slug: 'mature', en: 'Mature', de: 'Reif' },
  { slug: 'newcomer', en: 'Newcomer', de: 'Neu dabei' },
  { slug: 'massage', en: 'Massage', de: 'Massage' },
];

/** Tags any performer may get besides the ones that follow from her attributes. */
export const FREE_TAGS: string[] = (
  'long-hair short-hair petite dance yoga roleplay lingerie stockings high-heels romantic funny shy ' +
  'talkative music gaming fitness outdoor beach massage'
).split(' ');

export const FIRST_NAMES: string[] = (
  'Lena Mia Anna Lea Sophie Emma Hannah Lara Julia Laura Katja Nina Sarah Jana Vanessa Jessica Melanie ' +
  'Sabrina Nadine Bianca Carina Daniela Franziska Greta Ida Johanna Klara Leonie Marie Nora Paula Romy ' +
  'Selina Tamara Valentina Yvonne Zoe Alina Celine Elena Fiona Helena Isabel Jasmin Kim Luisa Maja ' +
  'Natalie Olivia Pia Rebecca Stella Tina Ursula Vera Wanda Xenia Ylvi Chiara Amelie Sina Lisa Milena ' +
  'Svenja'
).split(' ');

export const MALE_NAMES: string[] = 'Tom Marco Jonas Felix Luca Ben David Max Nico Tim'.split(' ');

export const NAME_WORDS: string[] = (
  'Sunshine Rose Angel Sweet Star Kiss Dream Velvet Honey Cherry Lily Moon Sky Pearl Flame Candy Ginger ' +
  'Silk Bunny Kitty Muse Diva Blue Wild Coco Luna Nova Amber Ruby Jade'
).split(' ');

export type Place = { city: string; country: string; lat: number; lon: number; languages: string[] };

export const PLACES: Place[] = [
  { city: 'Berlin', country: 'DE', lat: 52.52, lon: 13.405, languages: ['de'] },
  { city: 'Hamburg', country: 'DE', lat: 53.5511, lon: 9.9937, languages: ['de'] },
  { city: 'München', country: 'DE', lat: 48.1351, lon: 11.582, languages: ['de'] },
  { city: 'Köln', country: 'DE', lat: 50.9375, lon: 6.9603, languages: ['de'] },
  { city: 'Frankfurt am Main', country: 'DE', lat: 50.1109, lon: 8.6821, languages: ['de'] },
  { city: 'Stuttgart', country: 'DE', lat: 48.7758, lon: 9.1829, languages: ['de'] },
  { city: 'Düsseldorf', country: 'DE', lat: 51.2277, lon: 6.7735, languages: ['de'] },
  { city: 'Leipzig', country: 'DE', lat: 51.3397, lon: 12.3731, languages: ['de'] },
  { city: 'Dresden', country: 'DE', lat: 51.0504, lon: 13.7373, languages: ['de'] },
  { city: 'Hannover', country: 'DE', lat: 52.3759, lon: 9.732, languages: ['de'] },
  { city: 'Nürnberg', country: 'DE', lat: 49.4521, lon: 11.0767, languages: ['de'] },
  { city: 'Bremen', country: 'DE', lat: 53.0793, lon: 8.8017, languages: ['de'] },
  { city: 'Dortmund', country: 'DE', lat: 51.5136, lon: 7.4653, languages: ['de'] },
  { city: 'Freiburg im Breisgau', country: 'DE', lat: 47.999, lon: 7.8421, languages: ['de'] },
  { city: 'Münster', country: 'DE', lat: 51.9607, lon: 7.6261, languages: ['de'] },
  { city: 'Rostock', country: 'DE', lat: 54.0924, lon: 12.0991, languages: ['de'] },
  { city: 'Kiel', country: 'DE', lat: 54.3233, lon: 10.1228, languages: ['de'] },
  { city: 'Mainz', country: 'DE', lat: 49.9929, lon: 8.2473, languages: ['de'] },
  { city: 'Augsburg', country: 'DE', lat: 48.3705, lon: 10.8978, languages: ['de'] },
  { city: 'Heidelberg', country: 'DE', lat: 49.3988, lon: 8.6724, languages: ['de'] },
  { city: 'Wien', country: 'AT', lat: 48.2082, lon: 16.3738, languages: ['de'] },
  { city: 'Graz', country: 'AT', lat: 47.0707, lon: 15.4395, languages: ['de'] },
  { city: 'Linz', country: 'AT', lat: 48.3069, lon: 14.2858, languages: ['de'] },
  { city: 'Salzburg', country: 'AT', lat: 47.8095, lon: 13.055, languages: ['de'] },
  { city: 'Innsbruck', country: 'AT', lat: 47.2692, lon: 11.4041, languages: ['de'] },
  { city: 'Klagenfurt', country: 'AT', lat: 46.6247, lon: 14.3053, languages: ['de'] },
  { city: 'Zürich', country: 'CH', lat: 47.3769, lon: 8.5417, languages: ['de'] },
  { city: 'Bern', country: 'CH', lat: 46.948, lon: 7.4474, languages: ['de', 'fr'] },
  { city: 'Basel', country: 'CH', lat: 47.5596, lon: 7.5886, languages: ['de'] },
  { city: 'Luzern', country: 'CH', lat: 47.0502, lon: 8.3093, languages: ['de'] },
  { city: 'St. Gallen', country: 'CH', lat: 47.4245, lon: 9.3767, languages: ['de'] },
  { city: 'Lausanne', country: 'CH', lat: 46.5197, lon: 6.6323, languages: ['fr', 'de'] },
  { city: 'Lugano', country: 'CH', lat: 46.0037, lon: 8.9511, languages: ['it', 'de'] },
  { city: 'Amsterdam', country: 'NL', lat: 52.3676, lon: 4.9041, languages: ['nl'] },
  { city: 'Praha', country: 'CZ', lat: 50.0755, lon: 14.4378, languages: ['cs'] },
  { city: 'Budapest', country: 'HU', lat: 47.4979, lon: 19.0402, languages: ['hu'] },
  { city: 'Kraków', country: 'PL', lat: 50.0647, lon: 19.945, languages: ['pl'] },
  { city: 'Barcelona', country: 'ES', lat: 41.3874, lon: 2.1686, languages: ['es'] },
  { city: 'Milano', country: 'IT', lat: 45.4642, lon: 9.19, languages: ['it'] },
  { city: 'Riga', country: 'LV', lat: 56.9496, lon: 24.1052, languages: ['lv', 'ru'] },
  { city: 'Bucureşti', country: 'RO', lat: 44.4268, lon: 26.1025, languages: ['ro'] },
  { city: 'London', country: 'GB', lat: 51.5072, lon: -0.1276, languages: ['en'] },
];

/** Indexes into PLACES by region, so most performers live in Germany, Austria or Switzerland. */
export const REGION_WEIGHTS: { country: string[]; weight: number }[] = [
  { country: ['DE'], weight: 55 },
  { country: ['AT'], weight: 15 },
  { country: ['CH'], weight: 12 },
  { country: ['NL', 'CZ', 'HU', 'PL', 'ES', 'IT', 'LV', 'RO', 'GB'], weight: 18 },
];

export const HOBBIES: Pair[] = [
  { en: 'dancing', de: 'Tanzen' },
  { en: 'yoga at sunrise', de: 'Yoga bei Sonnenaufgang' },
  { en: 'cooking Italian food', de: 'italienisches Kochen' },
  { en: 'hiking in the mountains', de: 'Wandern in den Bergen' },
  { en: 'video games', de: 'Videospiele' },
  { en: 'painting', de: 'Malen' },
  { en: 'crime novels', de: 'Krimis' },
  { en: 'fashion and shoes', de: 'Mode und Schuhe' },
  { en: 'travelling', de: 'Reisen' },
  { en: 'music festivals', de: 'Musikfestivals' },
  { en: 'the gym', de: 'das Fitnessstudio' },
  { en: 'photography', de: 'Fotografie' },
  { en: 'long walks by the sea', de: 'lange Spaziergänge am Meer' },
  { en: 'board games', de: 'Brettspiele' },
];

/** Slogans; {name} is the stage name. */
export const SLOGANS: Pair[] = [
  { en: 'Your favourite smile is online', de: 'Ihr Lieblingslächeln ist online' },
  { en: 'Come in and stay a while', de: 'Kommen Sie herein und bleiben Sie ein Weilchen' },
  { en: 'Sweet, curious and always in a good mood', de: 'Süß, neugierig und immer gut gelaunt' },
  { en: "Let's have a good time together", de: 'Lassen Sie uns eine schöne Zeit zusammen haben' },
  { en: 'Good conversation and a wink', de: 'Gute Gespräche und ein Augenzwinkern' },
  { en: 'Late nights, warm light, {name}', de: 'Lange Nächte, warmes Licht, {name}' },
  { en: 'I love a little flirt', de: 'Ich liebe einen kleinen Flirt' },
  { en: 'Elegant, playful, a bit mysterious', de: 'Elegant, verspielt, ein bisschen geheimnisvoll' },
  { en: 'Say hello, I do not bite', de: 'Sagen Sie Hallo, ich beiße nicht' },
  { en: 'Dancing through the night', de: 'Ich tanze durch die Nacht' },
  { en: 'Tell me your wishes', de: 'Verraten Sie mir Ihre Wünsche' },
  { en: 'A little bit of sunshine for your day', de: 'Ein bisschen Sonnenschein für Ihren Tag' },
];

/** Description openings; {name}, {age}, {city}, {hobby}. */
export const INTROS: Pair[] = [
  {
    en: "Hi, I'm {name}, {age} years young and at home in {city}.",
    de: 'Hallo, ich bin {name}, {age} Jahre jung und in {city} zu Hause.',
  },
  { en: 'Welcome to my room! I am {name} from {city}.', de: 'Willkommen in meinem Zimmer! Ich bin {name} aus {city}.' },
  {
    en: 'They call me {name}. I live in {city} and love {hobby}.',
    de: 'Man nennt mich {name}. Ich lebe in {city} und liebe {hobby}.',
  },
  {
    en: 'Nice that you found me: {name}, {age}, from {city}.',
    de: 'Schön, dass Sie mich gefunden haben: {name}, {age}, aus {city}.',
  },
];

export const MIDDLES: Pair[] = [
  {
    en: 'In my free time you will find me enjoying {hobby}.',
    de: 'In meiner Freizeit widme ich mich am liebsten: {hobby}.',
  },
  {
    en: 'I am open-minded, I laugh a lot and I love to hear your stories.',
    de: 'Ich bin offen, lache gern und höre mir gern Ihre Geschichten an.',
  },
  {
    en: 'My shows are relaxed, personal and full of surprises.',
    de: 'Meine Shows sind entspannt, persönlich und voller Überraschungen.',
  },
  {
    en: 'I enjoy slow evenings, good music and a cheeky chat.',
    de: 'Ich mag ruhige Abende, gute Musik und einen frechen Plausch.',
  },
  {
    en: 'Dressing up is my passion, so ask me about my latest outfit.',
    de: 'Verkleiden ist meine Leidenschaft, fragen Sie mich nach meinem neuesten Outfit.',
  },
];

export const CLOSINGS: Pair[] = [
  {
    en: 'Come into my private chat, I am looking forward to you!',
    de: 'Kommen Sie in meinen privaten Chat, ich freue mich auf Sie!',
  },
  {
    en: 'Add me to your favourites so you know when I am online.',
    de: 'Speichern Sie mich als Favoritin, dann wissen Sie, wann ich online bin.',
  },
  { en: 'Respect and good manners make me smile.', de: 'Respekt und gute Manieren bringen mich zum Lächeln.' },
  { en: 'See you soon in my room!', de: 'Bis bald in meinem Zimmer!' },
];

/** Video titles; {name} and {city}. */
export const VIDEO_TITLES: Pair[] = [
  { en: 'Cosy Sunday with {name}', de: 'Gemütlicher Sonntag mit {name}' },
  { en: 'My dance routine', de: 'Meine Tanz-Choreografie' },
  { en: 'Behind the scenes', de: 'Hinter den Kulissen' },
  { en: 'Evening chat in {city}', de: 'Abendplausch in {city}' },
  { en: 'Yoga at sunrise', de: 'Yoga bei Sonnenaufgang' },
  { en: 'Lingerie try-on', de: 'Dessous-Anprobe' },
  { en: 'Candlelight evening', de: 'Abend bei Kerzenschein' },
  { en: 'Workout with me', de: 'Workout mit mir' },
  { en: 'Making of my photo shoot', de: 'Making-of meines Fotoshootings' },
  { en: 'Questions and answers', de: 'Fragen und Antworten' },
  { en: 'Dancing in red', de: 'Tanz in Rot' },
  { en: 'Poolside afternoon', de: 'Nachmittag am Pool' },
  { en: 'Birthday show', de: 'Geburtstagsshow' },
  { en: 'New outfit, new mood', de: 'Neues Outfit, neue Laune' },
  { en: 'Late night talk', de: 'Gespräch zu später Stunde' },
  { en: 'Cosplay preview', de: 'Cosplay-Vorschau' },
  { en: 'A rainy day in {city}', de: 'Ein Regentag in {city}' },
  { en: 'Morning coffee with {name}', de: 'Morgenkaffee mit {name}' },
  { en: 'High heels and city lights', de: 'High Heels und Großstadtlichter' },
  { en: 'Massage evening', de: 'Massageabend' },
];

export const VIDEO_DESCRIPTIONS: Pair[] = [
  { en: 'A relaxed clip from my room, just for you.', de: 'Ein entspannter Clip aus meinem Zimmer, nur für Sie.' },
  { en: 'I filmed this one on a very special day.', de: 'Diesen Clip habe ich an einem ganz besonderen Tag gedreht.' },
  {
    en: 'One of my favourites, watch it to the end!',
    de: 'Einer meiner Lieblingsclips, schauen Sie ihn bis zum Ende!',
  },
  { en: 'Fans asked for it, so here it is.', de: 'Meine Fans haben danach gefragt, hier ist er.' },
];

export const GALLERY_TITLES: Pair[] = [
  { en: 'Summer in {city}', de: 'Sommer in {city}' },
  { en: 'Golden hour', de: 'Goldene Stunde' },
  { en: 'Colours of autumn', de: 'Farben des Herbstes' },
  { en: 'Studio session', de: 'Studio-Session' },
  { en: 'Holiday memories', de: 'Urlaubserinnerungen' },
  { en: 'Black and white', de: 'Schwarz und Weiß' },
  { en: 'Weekend vibes', de: 'Wochenendstimmung' },
  { en: 'Secret garden', de: 'Geheimer Garten' },
  { en: 'City nights', de: 'Nächte in der Stadt' },
  { en: 'Soft light', de: 'Weiches Licht' },
];

export const FREE_GALLERY_TITLE: Pair = { en: 'Hello from {name}', de: 'Hallo von {name}' };

export const PROMO_TITLES: Pair[] = [
  { en: 'Happy hour', de: 'Happy Hour' },
  { en: 'Weekend special', de: 'Wochenend-Angebot' },
  { en: 'Birthday week', de: 'Geburtstagswoche' },
  { en: 'Newcomer bonus', de: 'Neuling-Bonus' },
  { en: 'Late night offer', de: 'Spätabend-Angebot' },
];

export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));
}
