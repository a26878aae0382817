/** Company facts in one place. Pages, the navigation, the footer and the map read them from here. */
export const site = {
  name: 'Kamas Backcountry Guides',
  shortName: 'Kamas Backcountry',
  url: 'https://www.kamasbackcountry.com',
  founded: 2023,
  email: 'hello@kamasbackcountry.com',
  phone: { display: '(435) 555-0148', href: 'tel:+14355550148' },
  instagram: { handle: '@kamasbackcountry', url: 'https://www.instagram.com/kamasbackcountry' },
  address: { locality: 'Kamas', region: 'UT', mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Kamas%2C%20UT' },
  permit: 'Operating under a special use permit on the Uinta-Wasatch-Cache National Forest.',
  season: 'December 1st - March 31st',
  replyWithin: '24 hours',
  courseHours: 'about ten hours',
} as const;

export const navLinks = [
  { href: '/services', label: 'Services' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/resources', label: 'Resources' },
] as const;

export const serviceLinks = [
  { href: '/booking/avalanche-class', label: 'Avalanche Classes' },
  { href: '/booking/backcountry-tour', label: 'Backcountry Day Tours' },
] as const;

export const footerLinks = [
  { href: '/booking/backcountry-tour', label: 'Backcountry Day Tours' },
  { href: '/booking/avalanche-class', label: 'Avalanche Classes' },
  { href: '/booking/faq', label: 'Booking FAQ' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
  { href: '/jobs', label: 'Jobs' },
  { href: '/waiver', label: 'Safety Waiver' },
  { href: '/cancellation-policy', label: 'Cancellation Policy' },
  { href: '/gift-cards', label: 'Gift Cards' },
  { href: '/gift-cards/balance', label: 'Gift Card Balance' },
] as const;

/** The catalog products the booking pages sell, by their titles. */
export const DAY_TOUR_PRODUCT_TITLE = 'Backcountry Tours';
export const CLASS_PRODUCT_TITLE = 'Avalanche Courses';
export const MENTORSHIP_PRODUCT_TITLE = 'Mentorship Program';

/** The two service cards; each matches a product of the catalog by its title. */
export const serviceCards = [
  {
    id: 'avalanche-courses',
    title: CLASS_PRODUCT_TITLE,
    link: '/booking/avalanche-class',
    images: [
      { src: '/images/classes/moto.svg', alt: 'Snowmobilers stopped below a slope, checking it before crossing' },
      { src: '/images/classes/pit.svg', alt: 'A snow pit dug into a slope, showing layers of the snowpack' },
      { src: '/images/classes/sledski.svg', alt: 'A skier towed behind a snowmobile on a trail through pines' },
    ],
    description:
      'Recreational avalanche courses built for riders who use snowmobiles: about ten hours in the classroom and on the snow, from reading the forecast to digging out a buried partner.',
  },
  {
    id: 'backcountry-tours',
    title: DAY_TOUR_PRODUCT_TITLE,
    link: '/booking/backcountry-tour',
    images: [
      { src: '/images/tours/skin-track.svg', alt: 'A skin track climbing through aspens toward a snowy ridge' },
      { src: '/images/tours/sled-meadow.svg', alt: 'Snowmobile tracks crossing a wide meadow under the Uinta peaks' },
      { src: '/images/tours/sled-ski.svg', alt: 'Skis strapped to a snowmobile parked at the top of a bowl' },
    ],
    description:
      'Private guided days for your own party of up to four: ski and splitboard touring, snowmobile exploration, or sleds for the approach and skis for the way down.',
  },
] as const;

export const partners = [
  { name: 'Utah Avalanche Center', logoUrl: '/images/partners/uac.svg', website: 'https://utahavalanchecenter.org' },
  { name: 'American Avalanche Association', logoUrl: '/images/partners/a3.svg', website: 'https://www.americanavalancheassociation.org' },
  { name: 'Uinta-Wasatch-Cache National Forest', logoUrl: '/images/partners/uwc.svg', website: 'https://www.fs.usda.gov/uwcnf' },
  { name: 'Kamas Valley Chamber', logoUrl: '/images/partners/kamas.svg', website: 'https://www.kamasvalley.org' },
] as const;

/** Trailheads on the resources map, and the map's view. */
export const trailheads = [
  {
    name: 'Soapstone Trailhead',
    note: 'Mirror Lake Highway, mile 15: groomed sled trails and the Soapstone basin.',
    lat: 40.5766,
    lng: -111.0426,
  },
  {
    name: 'Pine Valley Trailhead',
    note: 'Mirror Lake Highway, mile 12: winter gate, parking and trail access to the North Fork.',
    lat: 40.6138,
    lng: -111.1216,
  },
  { name: 'Wolf Creek Pass Trailhead', note: 'SR-35 east of Francis: the Wolf Creek ridge and open bowls.', lat: 40.4869, lng: -111.0319 },
] as const;

export const mapView = { center: { lat: 40.5762, lng: -111.1 }, zoom: 10, heightPx: 400 } as const;

export const forecasts = [
  {
    title: 'National Weather Service forecast',
    href: 'https://forecast.weather.gov/MapClick.php?lat=40.643&lon=-111.281',
    image:
      'https://forecast.weather.gov/meteograms/Plotter.php?lat=40.643&lon=-111.281&wfo=SLC&zcode=UTZ110&gset=18&gdiff=3&unit=0&tinfo=MY7&ahour=0&pcmd=11011111111110000000000000000000000000000000000000000000000&lg=en&indu=1!1!1!&dd=&bw=&hrspan=48&pqpfhr=6&psnwhr=6',
    alt: 'Today\u2019s hourly weather graph for the Kamas area from the National Weather Service',
    width: 800,
    height: 870,
  },
  {
    title: 'Utah Avalanche Center forecast, Uintas',
    href: 'https://utahavalanchecenter.org/forecast/uintas',
    image: 'https://utahavalanchecenter.org/sites/default/files/forecast/uintas_rose.png',
    alt: 'Today\u2019s avalanche danger rose for the western Uintas from the Utah Avalanche Center',
    width: 400,
    height: 400,
  },
] as const;
