/** A `POST /props` body that passes every check: alice's tea cup. */
export const newProp = {
  id: 'prop_a11ce000-0000-4000-8000-00000000e1ff',
  name: 'Tea Cup',
  description: 'Still warm.',
  imageUrl: 'https://assets.example.test/props/cup.png',
  tags: ['content_props'],
  spawnType: 1,
  worldPlacementMask: 1,
  assetUrl: 'https://assets.example.test/props/cup.vrcp',
  assetVersion: 1,
  platform: 'standalonewindows',
  unityVersion: '2022.3.22f1',
};
