/**
 * core/v1 Volume. The sources a DaemonSet commonly uses (hostPath, emptyDir, configMap, secret,
 * projected, downwardAPI, persistentVolumeClaim) are described field by field; the cloud and
 * storage-plugin sources are accepted as open objects. All sources are promoted from the
 * embedded `VolumeSource`, which Go's decoder names in error paths.
 */
import { objectFieldSelector, resourceFieldSelector } from './container.js';
import { always, arrayOf, bool, embed, int32, int64, named, open, ptr, quantity, str, struct } from './types.js';
import type { Fields } from './types.js';

const localObjectReference: Fields = embed('LocalObjectReference', { name: str });

const keyToPath = struct('v1.KeyToPath', { key: always(str), path: always(str), mode: ptr(int32) });

const downwardAPIVolumeFile = struct('v1.DownwardAPIVolumeFile', {
  path: always(str),
  fieldRef: ptr(objectFieldSelector),
  resourceFieldRef: ptr(resourceFieldSelector),
  mode: ptr(int32),
});

const volumeProjection = struct('v1.VolumeProjection', {
  secret: ptr(struct('v1.SecretProjection', { ...localObjectReference, items: arrayOf(keyToPath), optional: ptr(bool) })),
  downwardAPI: ptr(struct('v1.DownwardAPIProjection', { items: arrayOf(downwardAPIVolumeFile) })),
  configMap: ptr(struct('v1.ConfigMapProjection', { ...localObjectReference, items: arrayOf(keyToPath), optional: ptr(bool) })),
  serviceAccountToken: ptr(struct('v1.ServiceAccountTokenProjection', {
    audience: str,
    expirationSeconds: ptr(int64),
    path: always(str),
  })),
  clusterTrustBundle: ptr(open('v1.ClusterTrustBundleProjection')),
  podCertificate: ptr(open('v1.PodCertificateProjection')),
});

/** Storage-plugin sources the playground does not model: any object is accepted. */
const OPEN_SOURCES: Readonly<Record<string, string>> = {
  gcePersistentDisk: 'v1.GCEPersistentDiskVolumeSource',
  awsElasticBlockStore: 'v1.AWSElasticBlockStoreVolumeSource',
  gitRepo: 'v1.GitRepoVolumeSource',
  nfs: 'v1.NFSVolumeSource',
  iscsi: 'v1.ISCSIVolumeSource',
  glusterfs: 'v1.GlusterfsVolumeSource',
  rbd: 'v1.RBDVolumeSource',
  flexVolume: 'v1.FlexVolumeSource',
  cinder: 'v1.CinderVolumeSource',
  cephfs: 'v1.CephFSVolumeSource',
  flocker: 'v1.FlockerVolumeSource',
  fc: 'v1.FCVolumeSource',
  azureFile: 'v1.AzureFileVolumeSource',
  vsphereVolume: 'v1.VsphereVirtualDiskVolumeSource',
  quobyte: 'v1.QuobyteVolumeSource',
  azureDisk: 'v1.AzureDiskVolumeSource',
  photonPersistentDisk: 'v1.PhotonPersistentDiskVolumeSource',
  portworxVolume: 'v1.PortworxVolumeSource',
  scaleIO: 'v1.ScaleIOVolumeSource',
  storageos: 'v1.StorageOSVolumeSource',
  csi: 'v1.CSIVolumeSource',
  ephemeral: 'v1.EphemeralVolumeSource',
  image: 'v1.ImageVolumeSource',
};

/** Every source is a pointer (`*HostPathVolumeSource`, ...) with `omitempty`. */
const openSources: Fields = Object.fromEntries(Object.entries(OPEN_SOURCES).map(([k, go]) => [k, ptr(open(go))]));

export const volume = struct('v1.Volume', {
  name: always(str),
  ...embed('VolumeSource', {
    hostPath: ptr(struct('v1.HostPathVolumeSource', { path: always(str), type: ptr(named('v1.HostPathType')) })),
    emptyDir: ptr(struct('v1.EmptyDirVolumeSource', { medium: named('v1.StorageMedium'), sizeLimit: ptr(quantity) })),
    secret: ptr(struct('v1.SecretVolumeSource', {
      secretName: str,
      items: arrayOf(keyToPath),
      defaultMode: ptr(int32),
      optional: ptr(bool),
    })),
    configMap: ptr(struct('v1.ConfigMapVolumeSource', {
      ...localObjectReference,
      items: arrayOf(keyToPath),
      defaultMode: ptr(int32),
      optional: ptr(bool),
    })),
    persistentVolumeClaim: ptr(struct('v1.PersistentVolumeClaimVolumeSource', { claimName: always(str), readOnly: bool })),
    downwardAPI: ptr(struct('v1.DownwardAPIVolumeSource', { items: arrayOf(downwardAPIVolumeFile), defaultMode: ptr(int32) })),
    projected: ptr(struct('v1.ProjectedVolumeSource', { sources: always(arrayOf(volumeProjection)), defaultMode: ptr(int32) })),
    ...openSources,
  }),
});
