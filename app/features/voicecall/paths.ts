/** The voice call starts at once for an age-checked session; otherwise the age check comes first. */
export const VOICECALL_AGECHECK_TARGET = '/avs?kjm=1&target=voicecall';
export const VOICECALL_TARGET = '/billing?paymenttypename=voicecall';
