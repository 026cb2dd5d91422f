package web

import (
	"context"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"os"
	"runtime/metrics"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/families-project/families/families/grid"
)

// loadRequests is the load test's mix: 200 requests, 10 for each of 20
// clients. Every client asks for pages of settings no one asked for
// before (new analyzes: Wolf's all-lines-zero pattern, one setting each),
// the default page with members, a picture, a JSON download and the
// sheet (cached analyzes, new member searches), so that the analysis
// slots, the cache and every handler are under load together.
func loadRequests(t testing.TB) [][]string {
	pattern, err := grid.ParseOps("..|.-.-.|..|.-.-.|..", grid.Size{Rows: 3, Cols: 3})
	if err != nil {
		t.Fatal(err)
	}
	clients := make([][]string, 20)
	for c := range clients {
		for j := range 10 {
			var path string
			switch j {
			case 0, 1, 2, 3, 4:
				// A setting of the pattern spread over its 65,536.
				s, err := pattern.Nth(big.NewInt(int64((c*5+j)*653 + 17)))
				if err != nil {
					t.Fatal(err)
				}
				path = "/?" + url.Values{"ops": {s.String()}}.Encode()
			case 5:
				path = "/?members=" + strconv.Itoa(10+c)
			case 6:
				path = "/picture.svg?family=1&ops=" + url.QueryEscape("-=|-xx/+|x=|=====|x=")
			case 7:
				path = "/download?as=json&members=5"
			case 8:
				path = "/sheet?puzzles=1&questions=1"
			case 9:
				path = "/results?ops=" + url.QueryEscape("--|-----|-/|x-+--|+-")
			}
			clients[c] = append(clients[c], path)
		}
	}
	return clients
}

// BenchmarkLoad runs the load test once per iteration on a loopback
// server: 200 requests from 20 clients at once, each failing the
// benchmark unless answered 200. It reports the 50th and 99th
// percentiles and the largest latency, the largest heap sampled every
// 5 ms while it ran, and the process's peak resident memory (Linux).
//
//	go test ./families/web -run '^$' -bench Load -benchtime 1x
func BenchmarkLoad(b *testing.B) {
	reqs := loadRequests(b)
	var lat []time.Duration
	var peakHeap uint64
	for range b.N {
		ts, _ := newTestServer(b, Config{})
		client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 20, MaxIdleConnsPerHost: 20}, Timeout: time.Minute}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		stop := make(chan struct{})
		var sampled sync.WaitGroup
		sampled.Add(1)
		go func() {
			defer sampled.Done()
			s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			for {
				metrics.Read(s)
				peakHeap = max(peakHeap, s[0].Value.Uint64())
				select {
				case <-stop:
					return
				case <-time.After(5 * time.Millisecond):
				}
			}
		}()
		var mu sync.Mutex
		var wg sync.WaitGroup
		errs := make(chan error, len(reqs)*10)
		for _, paths := range reqs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, p := range paths {
					req, _ := http.NewRequestWithContext(ctx, "GET", ts.URL+p, nil)
					start := time.Now()
					resp, err := client.Do(req)
					if err != nil {
						errs <- err
						continue
					}
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					d := time.Since(start)
					if err == nil && resp.StatusCode != 200 {
						err = fmt.Errorf("%s: status %d", p, resp.StatusCode)
					}
					if err != nil {
						errs <- err
						continue
					}
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		close(stop)
		sampled.Wait()
		cancel()
		client.CloseIdleConnections()
		close(errs)
		for err := range errs {
			b.Error(err)
		}
	}
	slices.Sort(lat)
	if len(lat) == 0 {
		return
	}
	at := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(at(0.5), "p50-ms")
	b.ReportMetric(at(0.99), "p99-ms")
	b.ReportMetric(at(1), "max-ms")
	b.ReportMetric(float64(peakHeap)/(1<<20), "peak-heap-MB")
	if rss := peakRSS(); rss > 0 {
		b.ReportMetric(rss, "peak-RSS-MB")
	}
}

// peakRSS is the process's peak resident memory in MB (VmHWM), or 0
// where /proc does not say.
func peakRSS() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}
