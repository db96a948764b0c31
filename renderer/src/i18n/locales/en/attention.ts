/** Strings of renderer/src/features/attention (the attention queue, API.md decisions 64-65). */
export const attention = {
  title: 'Attention queue',
  intro:
    'Everything that needs you, oldest first. An item leaves by itself once its cause is gone; “Seen” greys it meanwhile.',
  empty: 'The queue is empty.',
  openMatch: 'Open the match',
  acknowledge: 'Seen',
  seen: 'Seen',
  kinds: {
    decision: 'Match needs a decision',
    stuck_load: 'Server did not take its match',
    paused: 'Paused for long',
    demo_missing: 'Demo missing',
    call: 'A player calls an admin',
    no_show: 'Team not on the server',
    server_lost: 'Server lost',
    move: 'Match moving',
    preflight: 'Check before the start failed',
    player_busy: 'A player still plays in another tournament',
  },
  bell: {
    label_one: '{{count}} item needs you ({{total}} in the queue): open the attention queue',
    label_other: '{{count}} items need you ({{total}} in the queue): open the attention queue',
    soundOn: 'Sound on',
    soundOff: 'Sound off',
    mute: 'Mute the sound for new items',
    unmute: 'Play a sound for new items',
  },
};
