/** Company facts in one place. Pages, the footer and structured data read them from here. */
export const site = {
  name: 'Kamas Backcountry Guides',
  shortName: 'Kamas Backcountry',
  url: 'https://www.kamasbackcountry.com',
  founded: 2023,
  email: 'hello@kamasbackcountry.com',
  phone: { display: '(435) 555-0148', href: 'tel:+14355550148' },
  instagram: 'https://www.instagram.com/kamasbackcountry',
  address: { locality: 'Kamas', region: 'UT', mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Kamas%2C%20UT' },
  permit: 'Operating under a special use permit on the Uinta-Wasatch-Cache National Forest.',
  season: 'December 1st - March 31st',
} as const;
