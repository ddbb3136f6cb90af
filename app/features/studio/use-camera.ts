import { useCallback, useEffect, useRef, useState } from 'react';

export type Device = { id: string; label: string };
export type CameraError = 'denied' | 'not_found' | 'in_use' | 'unsupported' | null;

/** The wish for her picture: VGA at 30 frames, what every phone and webcam gives and the SFU relays cheaply. */
const VIDEO: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 480 }, frameRate: { ideal: 30 } };

function cameraError(error: unknown): CameraError {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'not_found';
  if (name === 'NotReadableError' || name === 'AbortError') return 'in_use';
  return 'unsupported';
}

/**
 * Her camera and microphone: the devices to choose from (their names once she allowed access),
 * the chosen ones' stream for the preview and the broadcast, and what went wrong. A track that
 * ends by itself (camera unplugged, permission withdrawn) is reported through onEnded.
 */
export function useCamera(onEnded: () => void) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [cameras, setCameras] = useState<Device[]>([]);
  const [microphones, setMicrophones] = useState<Device[]>([]);
  const [cameraId, setCameraId] = useState<string>('');
  const [microphoneId, setMicrophoneId] = useState<string>('');
  const [error, setError] = useState<CameraError>(null);
  const [starting, setStarting] = useState(false);
  const endedRef = useRef(onEnded);
  endedRef.current = onEnded;
  const streamRef = useRef<MediaStream | null>(null);

  const listDevices = useCallback(async () => {
    const devices = await navigator.mediaDevices.enumerateDevices();
    const named = (kind: MediaDeviceKind) =>
      devices
        .filter((d) => d.kind === kind && d.deviceId)
        .map((d, i) => ({
          id: d.deviceId,
          label: d.label || `${kind === 'videoinput' ? 'Camera' : 'Microphone'} ${i + 1}`,
        }));
    setCameras(named('videoinput'));
    setMicrophones(named('audioinput'));
  }, []);

  /** Opens the chosen devices (the defaults at first); answers the new stream, or null on failure. */
  const open = useCallback(
    async (ids: { camera?: string; microphone?: string } = {}) => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError('unsupported');
        return null;
      }
      setStarting(true);
      try {
        const camera = ids.camera ?? cameraId;
        const microphone = ids.microphone ?? microphoneId;
        const next = await navigator.mediaDevices.getUserMedia({
          video: camera ? { ...VIDEO, deviceId: { exact: camera } } : VIDEO,
          audio: microphone ? { deviceId: { exact: microphone } } : true,
        });
        for (const track of streamRef.current?.getTracks() ?? []) track.stop();
        for (const track of next.getTracks()) {
          track.addEventListener('ended', () => {
            if (streamRef.current === next) endedRef.current();
          });
        }
        streamRef.current = next;
        setStream(next);
        setError(null);
        setCameraId(next.getVideoTracks()[0]?.getSettings().deviceId ?? camera);
        setMicrophoneId(next.getAudioTracks()[0]?.getSettings().deviceId ?? microphone);
        await listDevices();
        return next;
      } catch (err) {
        setError(cameraError(err));
        return null;
      } finally {
        setStarting(false);
      }
    },
    [cameraId, microphoneId, listDevices],
  );

  const close = useCallback(() => {
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
    setStream(null);
  }, []);

  useEffect(() => () => close(), [close]);

  return { stream, cameras, microphones, cameraId, microphoneId, error, starting, open, close };
}
