/** Ids of the default world's worlds and instances, as the README lists them. */
export const worlds = {
  /** Alice's home world; packages for standalonewindows and android; capacity 16. */
  aliceHome: 'wrld_a11ce000-0000-4000-8000-00000000b001',
  /** Bob's; standalonewindows only. */
  nightMarket: 'wrld_b0b00000-0000-4000-8000-00000000b002',
  /** Admin's; standalonewindows, android and ios; capacity 40. */
  lobby: 'wrld_ad000000-0000-4000-8000-00000000b003',
  /** Carol's private world; capacity 8. */
  quietGarden: 'wrld_ca201000-0000-4000-8000-00000000b004',
  /** Bob's avatar world; android and ios only, Unity 2019.4.31f1; tagged author_tag_avatar. */
  avatarMarket: 'wrld_b0b00000-0000-4000-8000-00000000b005',
  /** Alice's hidden world; standalonewindows, Unity 2022.3.6f1. */
  aliceSandbox: 'wrld_a11ce000-0000-4000-8000-00000000b006',
} as const;

export const unknownWorld = 'wrld_0000000f-0000-4000-8000-000000000000';

/** Instance ids (without the world) of the default world. */
export const instances = {
  /** Alice's friends+ (hidden) instance of her home world, eu; alice and bob are in it. */
  aliceHidden: '48213~hidden(usr_a11ce000-0000-4000-8000-000000000001)~region(eu)~nonce(a11ce000-0000-4000-8000-0000000000c1)',
  /** Builders Guild's public group instance in The Lobby, us; carol and admin are in it; bob may close it. */
  buildersGroup:
    '77001~group(grp_00000001-0000-4000-8000-000000000000)~groupAccessType(public)~region(us)~nonce(00000001-0000-4000-8000-0000000000c2)',
  /** Bob's invite+ instance of Night Market, closed on 2025-12-01. */
  bobClosed: '30303~private(usr_b0b00000-0000-4000-8000-000000000002)~region(us)~nonce(b0b00000-0000-4000-8000-0000000000c3)',
  /** A public instance of The Lobby, us, created by admin; empty. */
  lobbyPublic: '10001~region(us)~nonce(ad000000-0000-4000-8000-0000000000c4)',
  /** A public instance of alice's home world, jp; empty. */
  alicePublic: '20002~region(jp)~nonce(a11ce000-0000-4000-8000-0000000000c5)',
} as const;

export const locations = {
  aliceHidden: `${worlds.aliceHome}:${instances.aliceHidden}`,
  buildersGroup: `${worlds.lobby}:${instances.buildersGroup}`,
  bobClosed: `${worlds.nightMarket}:${instances.bobClosed}`,
  lobbyPublic: `${worlds.lobby}:${instances.lobbyPublic}`,
  alicePublic: `${worlds.aliceHome}:${instances.alicePublic}`,
} as const;
