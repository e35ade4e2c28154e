// py2cuda host runtime: cuda.event(), for timing and ordering work on the device.
//
// Under nvcc an Event owns a cudaEvent_t (shared by the copies of the Python value)
// and its methods are the CUDA runtime's. In emulation launches run to completion on
// the host before they return, so an event "happens" when it is recorded: record()
// reads a steady clock, and elapsed times are host time between two records.
// Numba's elapsed times are float milliseconds; an event made with timing=False, or
// not recorded, has none (CUDA fails with cudaErrorInvalidResourceHandle there;
// emulation raises the same error text).
#pragma once

#include <chrono>
#include <memory>

#include "../backend.h"
#include "../error.h"
#include "support.h"

namespace py2cuda::host {

class Event {
 public:
  static Event create(bool timing = true) { return Event(timing); }
  // The value a local declared ahead of its first assignment holds (`ev = cuda.event()` in a
  // loop body): a fresh event, as cuda.event() makes, never read before that assignment.
  Event() : Event(true) {}

  void record() { record_on(nullptr); }
  void record(const Stream& s) { record_on(s.stream().handle); }
  void record(int64_t) { record_on(nullptr); }  // stream=0: the default stream
  void synchronize() const {
#if P2C_BACKEND_CUDA
    check(cudaEventSynchronize(state_->event), "cudaEventSynchronize", nullptr);
#else
    backend::synchronize();
#endif
  }
  void wait() const { wait_on(nullptr); }
  void wait(const Stream& s) const { wait_on(s.stream().handle); }
  void wait(int64_t) const { wait_on(nullptr); }
  bool query() const {
#if P2C_BACKEND_CUDA
    return cudaEventQuery(state_->event) == cudaSuccess;
#else
    return true;
#endif
  }

  // Milliseconds from `start` to `end`.
  friend double event_elapsed_time(const Event& start, const Event& end) {
#if P2C_BACKEND_CUDA
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start.state_->event, end.state_->event), "cudaEventElapsedTime",
          "cuda.event_elapsed_time");
    return static_cast<double>(ms);
#else
    if (!start.state_->timing || !end.state_->timing || !start.state_->recorded || !end.state_->recorded) {
      throw Error("cuda.event_elapsed_time: cudaEventElapsedTime failed: cudaErrorInvalidResourceHandle: an event "
                  "made with timing=False, or never recorded, has no time");
    }
    return std::chrono::duration<double, std::milli>(end.state_->at - start.state_->at).count();
#endif
  }

 private:
  struct State {
    bool timing = true;
#if P2C_BACKEND_CUDA
    cudaEvent_t event = nullptr;
    ~State() {
      if (event) cudaEventDestroy(event);
    }
#else
    bool recorded = false;
    std::chrono::steady_clock::time_point at{};
#endif
  };

  explicit Event(bool timing) : state_(std::make_shared<State>()) {
    state_->timing = timing;
#if P2C_BACKEND_CUDA
    check(cudaEventCreateWithFlags(&state_->event, timing ? cudaEventDefault : cudaEventDisableTiming),
          "cudaEventCreate", "cuda.event");
#endif
  }
  void record_on(void* stream) {
#if P2C_BACKEND_CUDA
    check(cudaEventRecord(state_->event, static_cast<cudaStream_t>(stream)), "cudaEventRecord", "Event.record");
#else
    (void)stream;
    state_->recorded = true;
    state_->at = std::chrono::steady_clock::now();
#endif
  }
  void wait_on(void* stream) const {
#if P2C_BACKEND_CUDA
    check(cudaStreamWaitEvent(static_cast<cudaStream_t>(stream), state_->event, 0), "cudaStreamWaitEvent",
          "Event.wait");
#else
    (void)stream;
#endif
  }

  std::shared_ptr<State> state_;
};

double event_elapsed_time(const Event& start, const Event& end);

}  // namespace py2cuda::host
